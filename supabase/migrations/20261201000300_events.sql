-- The town's agenda (issue #32): events residents propose — a festa junina, the Saturday feira,
-- a quermesse, a vaccination day. A proposal waits for a moderator, as a proposed listing does
-- (20261125000300_moderation.sql): residents write only pending rows of their own; a moderator's
-- review_event (SECURITY DEFINER) approves or refuses it and tells the proposer. Everyone reads
-- the approved events; the proposer and moderation also read the pending and refused ones.
-- Instants are timestamptz: the app writes them from the town's wall clock with the tz database.
-- Idempotent: it may be applied again over itself.

CREATE TABLE IF NOT EXISTS public.events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  proposer_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The place: a listed business, or an address in words (one of them at least).
  business_id uuid REFERENCES public.businesses (id) ON DELETE SET NULL,
  address text NOT NULL DEFAULT '' CHECK (char_length(address) <= 200),
  category text NOT NULL CHECK (category IN ('Festa', 'Feira', 'Religião', 'Cultura', 'Esporte', 'Saúde', 'Comunidade')),
  -- NULL: free. Otherwise the entrance in centavos.
  price_cents integer CHECK (price_cents IS NULL OR price_cents BETWEEN 1 AND 100000000),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  -- A month at most: an event ending a year later is a typo (the form says so first).
  CONSTRAINT events_order CHECK (ends_at > starts_at AND ends_at - starts_at <= interval '31 days'),
  CONSTRAINT events_place CHECK (business_id IS NOT NULL OR btrim(address) <> '')
);
-- The agenda's lists: approved events still running, by start (Hoje, Este fim de semana,
-- Próximos, a month's page); the moderators' queue; a resident's own proposals.
CREATE INDEX IF NOT EXISTS events_agenda ON public.events (starts_at, id) WHERE status = 'approved';
CREATE INDEX IF NOT EXISTS events_agenda_by_end ON public.events (ends_at) WHERE status = 'approved';
CREATE INDEX IF NOT EXISTS events_pending ON public.events (created_at DESC) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS events_by_proposer ON public.events (proposer_id, created_at DESC);

ALTER TABLE public.events ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS events_read ON public.events;
CREATE POLICY events_read ON public.events FOR SELECT
  USING (status = 'approved' OR proposer_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()));
-- A resident proposes for themself, pending, never reviewed; a blocked resident not at all.
DROP POLICY IF EXISTS events_propose ON public.events;
CREATE POLICY events_propose ON public.events FOR INSERT TO authenticated
  WITH CHECK (proposer_id = (SELECT auth.uid()) AND status = 'pending' AND reviewed_at IS NULL);
DROP POLICY IF EXISTS events_not_blocked_insert ON public.events;
CREATE POLICY events_not_blocked_insert ON public.events AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (NOT (SELECT public.is_blocked()));
REVOKE ALL ON public.events FROM anon, authenticated;
GRANT SELECT ON public.events TO anon, authenticated;
GRANT INSERT (proposer_id, title, description, starts_at, ends_at, business_id, address, category, price_cents)
  ON public.events TO authenticated;
GRANT ALL ON public.events TO service_role;

-- The moderation log names the new actions.
ALTER TABLE public.moderation_log DROP CONSTRAINT IF EXISTS moderation_log_action_check;
ALTER TABLE public.moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('hide', 'restore', 'dismiss', 'block', 'unblock', 'approve_listing', 'reject_listing',
                    'approve_claim', 'reject_claim', 'grant_role', 'revoke_role', 'approve_event', 'reject_event'));

-- A moderator approves or refuses a pending event: the proposer is told, the log keeps it.
CREATE OR REPLACE FUNCTION public.review_event(event uuid, approve boolean, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  e public.events;
BEGIN
  SELECT * INTO e FROM public.events WHERE id = event AND status = 'pending' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no pending event %', event USING ERRCODE = 'no_data_found';
  END IF;
  UPDATE public.events SET status = CASE WHEN approve THEN 'approved' ELSE 'rejected' END, reviewed_at = now()
  WHERE id = event;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (e.proposer_id, 'moderation',
          CASE WHEN approve THEN 'Evento aprovado' ELSE 'Evento não aprovado' END,
          e.title || CASE WHEN approve THEN ' já está na agenda da cidade.' ELSE ' não foi aprovado pela moderação.' END,
          '/agenda/' || e.id);
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, CASE WHEN approve THEN 'approve_event' ELSE 'reject_event' END, 'event', e.id, e.proposer_id,
          left(coalesce(note, ''), 500));
END $$;
REVOKE ALL ON FUNCTION public.review_event(uuid, boolean, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.review_event(uuid, boolean, text) TO authenticated;
