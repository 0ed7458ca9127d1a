-- The duty pharmacy (farmácia de plantão, issue #32): the town's rota, one row per turn — which
-- pharmacy is on duty from an instant to another (a 24 h turn from 08:00 is typical; a turn may
-- run over midnight, a Sunday or a holiday). Everyone reads it; moderators and admins keep it
-- through SECURITY DEFINER functions; only listings of the Farmácia category may be on duty.
-- Instants are timestamptz: the app writes them from the town's wall clock with the tz database.
-- Idempotent: it may be applied again over itself.

CREATE TABLE IF NOT EXISTS public.duty_turns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES public.businesses (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A week at most: a line ending a year later is a typo (the CSV import says so first).
  CONSTRAINT duty_turns_order CHECK (ends_at > starts_at AND ends_at - starts_at <= interval '7 days')
);
CREATE INDEX IF NOT EXISTS duty_turns_by_end ON public.duty_turns (ends_at, starts_at);
CREATE INDEX IF NOT EXISTS duty_turns_by_business ON public.duty_turns (business_id, ends_at);

-- Only a pharmacy goes on duty, whoever writes.
CREATE OR REPLACE FUNCTION public.duty_turn_is_pharmacy() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = NEW.business_id AND b.category = 'Farmácia') THEN
    RAISE EXCEPTION 'only a pharmacy goes on duty' USING ERRCODE = 'check_violation', CONSTRAINT = 'duty_turns_pharmacy';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.duty_turn_is_pharmacy() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS duty_turns_pharmacy ON public.duty_turns;
CREATE TRIGGER duty_turns_pharmacy BEFORE INSERT OR UPDATE OF business_id ON public.duty_turns
  FOR EACH ROW EXECUTE FUNCTION public.duty_turn_is_pharmacy();

-- Everyone reads the rota; nobody writes it directly. Moderators and admins write through the
-- two functions below (as every moderation action: 20261125000300_moderation.sql), which check
-- the caller's role; a whole rota goes in one statement, so a refused line leaves no turn.
ALTER TABLE public.duty_turns ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS duty_turns_read ON public.duty_turns;
CREATE POLICY duty_turns_read ON public.duty_turns FOR SELECT USING (true);
REVOKE ALL ON public.duty_turns FROM anon, authenticated;
GRANT SELECT ON public.duty_turns TO anon, authenticated;
GRANT ALL ON public.duty_turns TO service_role;

CREATE OR REPLACE FUNCTION public.add_duty_turns(business_ids uuid[], starts timestamptz[], ends timestamptz[]) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE added integer;
BEGIN
  IF NOT (public.is_moderator() OR public.is_admin()) THEN
    RAISE EXCEPTION 'only moderators and admins may do this' USING ERRCODE = 'insufficient_privilege';
  END IF;
  INSERT INTO public.duty_turns (business_id, starts_at, ends_at)
    SELECT * FROM unnest(business_ids, starts, ends);
  GET DIAGNOSTICS added = ROW_COUNT;
  RETURN added;
END $$;

CREATE OR REPLACE FUNCTION public.remove_duty_turn(turn_id uuid) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NOT (public.is_moderator() OR public.is_admin()) THEN
    RAISE EXCEPTION 'only moderators and admins may do this' USING ERRCODE = 'insufficient_privilege';
  END IF;
  DELETE FROM public.duty_turns t WHERE t.id = turn_id;
  RETURN FOUND;
END $$;
REVOKE ALL ON FUNCTION public.add_duty_turns(uuid[], timestamptz[], timestamptz[]), public.remove_duty_turn(uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.add_duty_turns(uuid[], timestamptz[], timestamptz[]), public.remove_duty_turn(uuid) TO authenticated;

-- The home and /farmacias-de-plantao are cached reads: a turn added or removed drops them.
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.duty_turns
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('duty', 'business_id');
