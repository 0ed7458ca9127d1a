-- Issue #25, the red team's finding on claims ("Este negócio é meu"): a claim on a business
-- that already had an owner was approved as if the business had none. The moderator's card
-- did not say whose it was, and the owner lost it without a word.
--
-- review_claim now locks the business, remembers who owned it (business_claims.previous_owner_id,
-- for the audit and for undoing a wrong transfer) and, when that was someone else, tells them
-- in the same transaction as the transfer: the notification and the new owner commit together
-- or not at all, whether the approval comes from /moderacao or from the database API.
ALTER TABLE public.business_claims ADD COLUMN IF NOT EXISTS previous_owner_id uuid REFERENCES public.profiles (id) ON DELETE SET NULL;
COMMENT ON COLUMN public.business_claims.previous_owner_id IS
  'Who owned the business when a moderator approved this claim (NULL: nobody). Written only by review_claim.';
-- Residents name only claimant_id, business_id and note (20261125000300's column grant): this
-- column, like status, is the reviewing function's.

CREATE OR REPLACE FUNCTION public.review_claim(claim uuid, approve boolean, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  c public.business_claims;
  business_name text;
  previous uuid;
BEGIN
  SELECT * INTO c FROM public.business_claims WHERE id = claim AND status = 'pending' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no pending claim %', claim USING ERRCODE = 'no_data_found';
  END IF;
  -- Locked, so the owner read here is the one the approval replaces.
  SELECT b.name, b.owner_id INTO business_name, previous FROM public.businesses b WHERE b.id = c.business_id FOR UPDATE;
  IF approve THEN
    UPDATE public.businesses SET owner_id = c.claimant_id WHERE id = c.business_id;
    -- One owner: the other claims on the same business are answered with it.
    UPDATE public.business_claims SET status = 'rejected', reviewed_at = now()
    WHERE business_id = c.business_id AND status = 'pending' AND id <> claim;
    IF previous IS NOT NULL AND previous <> c.claimant_id THEN
      INSERT INTO public.notifications (user_id, kind, title, body, link)
      VALUES (previous, 'moderation', 'Negócio transferido pela moderação',
              'A moderação transferiu “' || coalesce(business_name, '') || '” para outra pessoa, que pediu para ser dona dele. '
                || 'Você não pode mais editá-lo. Se isso estiver errado, use “Informar erro” na página do negócio.',
              '/business/' || c.business_id);
    END IF;
  END IF;
  UPDATE public.business_claims SET status = CASE WHEN approve THEN 'approved' ELSE 'rejected' END, reviewed_at = now(),
    previous_owner_id = CASE WHEN approve THEN previous ELSE NULL END
  WHERE id = claim;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (c.claimant_id, 'moderation',
          CASE WHEN approve THEN 'Pedido aprovado: o negócio é seu' ELSE 'Pedido não aprovado' END,
          coalesce(business_name, ''), '/business/' || c.business_id);
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, CASE WHEN approve THEN 'approve_claim' ELSE 'reject_claim' END, 'business', c.business_id, c.claimant_id,
          left(coalesce(note, ''), 500));
END $$;

REVOKE ALL ON FUNCTION public.review_claim(uuid, boolean, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.review_claim(uuid, boolean, text) TO authenticated, service_role;
