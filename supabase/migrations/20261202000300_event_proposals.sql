-- Residents propose events from /agenda/propor (issue #32): the trust rules every new piece of
-- a resident's content follows (20261128000200_trust.sql, 20261129000200_comments.sql) apply to
-- a proposal too, in the database, so the database API cannot go around them:
--   * a rate per resident by trust level, in the moderation settings (the operator's SQL):
--     level 0 ("nova": no confirmed e-mail) 2 proposals a day, levels 1 and 2 10 a day
--     (the moderators' queue is people's time); RATE_LIMIT_SCALE of the server raises both
--     for the tests, as for comments;
--   * the address it came from is noted, as for posts, ads and news (one address, one voice).
-- (An event already over is refused by the form, against the server's clock: the database keeps
-- no rule on now(), so a test at a fixed date stays true on any later day.)
-- A refusal's reason reaches the proposer in the notification review_event sends.
-- Idempotent: it may be applied again over itself.

ALTER TABLE public.moderation_settings
  ADD COLUMN IF NOT EXISTS events_per_day int NOT NULL DEFAULT 10 CHECK (events_per_day BETWEEN 1 AND 10000),
  ADD COLUMN IF NOT EXISTS new_account_events_per_day int NOT NULL DEFAULT 2 CHECK (new_account_events_per_day BETWEEN 0 AND 10000);

CREATE OR REPLACE FUNCTION public.events_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  level int;
  allowed int;
  -- RATE_LIMIT_SCALE of Guida's server, set for the transaction; a database API caller cannot set it.
  scale numeric := greatest(1, coalesce(nullif(current_setting('guida.rate_limit_scale', true), '')::numeric, 1));
BEGIN
  -- The seed and the operator (no claims) are not a resident proposing.
  IF auth.uid() IS NULL OR NEW.proposer_id IS DISTINCT FROM auth.uid() OR public.is_blocked() THEN
    RETURN NEW;
  END IF;
  level := coalesce((SELECT t.level FROM public.trust_of(NEW.proposer_id) t), 0);
  allowed := (SELECT CASE WHEN level < 1 THEN s.new_account_events_per_day ELSE s.events_per_day END FROM public.moderation_settings s);
  IF (SELECT count(*) FROM public.events e WHERE e.proposer_id = NEW.proposer_id AND e.created_at > now() - interval '1 day')
     >= allowed * scale THEN
    IF level < 1 THEN
      RAISE EXCEPTION 'too many event proposals today for a new account' USING ERRCODE = 'check_violation', CONSTRAINT = 'events_rate_limit_new';
    END IF;
    RAISE EXCEPTION 'too many event proposals today' USING ERRCODE = 'check_violation', CONSTRAINT = 'events_rate_limit';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.events_check() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS events_check ON public.events;
CREATE TRIGGER events_check BEFORE INSERT ON public.events FOR EACH ROW EXECUTE FUNCTION public.events_check();

DROP TRIGGER IF EXISTS events_note_address ON public.events;
CREATE TRIGGER events_note_address AFTER INSERT ON public.events FOR EACH ROW EXECUTE FUNCTION public.note_author_address('proposer_id');

-- As 20261201000300_events.sql's, with the moderator's reason in a refusal's notification.
CREATE OR REPLACE FUNCTION public.review_event(event uuid, approve boolean, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  e public.events;
  reason text := left(btrim(coalesce(note, '')), 500);
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
          e.title || CASE WHEN approve THEN ' já está na agenda da cidade.'
                          WHEN reason = '' THEN ' não foi aprovado pela moderação.'
                          ELSE ' não foi aprovado pela moderação. Motivo: ' || reason END,
          '/agenda/' || e.id);
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, CASE WHEN approve THEN 'approve_event' ELSE 'reject_event' END, 'event', e.id, e.proposer_id, reason);
END $$;
REVOKE ALL ON FUNCTION public.review_event(uuid, boolean, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.review_event(uuid, boolean, text) TO authenticated;
