-- Issue #25: a role goes only to a confirmed address. ADMIN_EMAIL at start and
-- `npm run guida -- role grant` both call grant_role: whoever signs up first with an address
-- they do not own (an ADMIN_EMAIL nobody registered yet) never opens its mailed link, so the
-- role waits for the owner. auth.users.email_confirmed_at is GoTrue's own column (set by
-- Supabase Auth's confirmation, and by the local adapter's link).
CREATE OR REPLACE FUNCTION public.grant_role(email text, wanted text) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  resident uuid;
  confirmed timestamptz;
BEGIN
  SELECT u.id, u.email_confirmed_at INTO resident, confirmed FROM auth.users u WHERE lower(u.email) = lower(btrim(grant_role.email));
  IF resident IS NULL THEN
    RAISE EXCEPTION 'no account with e-mail %', email USING ERRCODE = 'no_data_found';
  END IF;
  IF confirmed IS NULL THEN
    RAISE EXCEPTION 'the e-mail % is not confirmed yet: its owner must open the link mailed at sign-up before it gets a role', email
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  INSERT INTO public.user_roles (user_id, role) VALUES (resident, wanted) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    INSERT INTO public.moderation_log (action, subject_id, note) VALUES ('grant_role', resident, wanted);
  END IF;
  RETURN resident;
END $$;

REVOKE ALL ON FUNCTION public.grant_role(text, text) FROM PUBLIC, anon, authenticated;
