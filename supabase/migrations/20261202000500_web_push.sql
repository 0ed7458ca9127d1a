-- Issue #31, Web Push: a resident's devices that asked for notifications on a closed phone,
-- and the queue of what each device still has to receive.
--
-- push_subscriptions: one row per device (its push service endpoint and the keys the payload
-- is encrypted with, RFC 8291), with the kinds of notification the resident chose. The
-- resident reads, re-chooses and deletes their own; a device changes hands (a shared phone,
-- another account signing in) through save_push_subscription, which hands the endpoint to
-- the caller whoever had it, so no resident ever reads another's endpoint.
--
-- push_outbox: written only by the trigger on notifications and read only by the servers
-- (the database owner): every server drains it with FOR UPDATE SKIP LOCKED, so with several
-- servers on one PostgreSQL each message is claimed by exactly one of them.

CREATE TABLE public.push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND length(endpoint) <= 1000),
  p256dh text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]{80,100}$'),
  auth text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]{16,32}$'),
  kinds text[] NOT NULL DEFAULT ARRAY['comment', 'vote', 'moderation', 'favorite']
    CHECK (kinds <@ ARRAY['comment', 'vote', 'moderation', 'favorite']),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON public.push_subscriptions (user_id);

ALTER TABLE public.push_subscriptions ENABLE ROW LEVEL SECURITY;
CREATE POLICY push_subscriptions_read_own ON public.push_subscriptions FOR SELECT TO authenticated
  USING (user_id = auth.uid());
CREATE POLICY push_subscriptions_update_own ON public.push_subscriptions FOR UPDATE TO authenticated
  USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid());
CREATE POLICY push_subscriptions_delete_own ON public.push_subscriptions FOR DELETE TO authenticated
  USING (user_id = auth.uid());
GRANT SELECT, DELETE ON public.push_subscriptions TO authenticated;
GRANT UPDATE (kinds) ON public.push_subscriptions TO authenticated;

-- The caller's device: its endpoint becomes theirs (a previous owner's row is replaced), with
-- fresh keys and the kinds chosen. A blocked resident may still hear of moderation decisions.
CREATE OR REPLACE FUNCTION public.save_push_subscription(endpoint text, p256dh text, auth text, kinds text[])
RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := auth.uid();
  saved uuid;
BEGIN
  IF me IS NULL THEN
    RAISE EXCEPTION 'sign in first' USING ERRCODE = 'insufficient_privilege';
  END IF;
  INSERT INTO public.push_subscriptions AS s (user_id, endpoint, p256dh, auth, kinds)
  VALUES (me, save_push_subscription.endpoint, save_push_subscription.p256dh, save_push_subscription.auth,
          save_push_subscription.kinds)
  ON CONFLICT ON CONSTRAINT push_subscriptions_endpoint_key DO UPDATE
    SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, kinds = EXCLUDED.kinds,
        created_at = CASE WHEN s.user_id = EXCLUDED.user_id THEN s.created_at ELSE now() END
  RETURNING id INTO saved;
  RETURN saved;
END $$;
REVOKE ALL ON FUNCTION public.save_push_subscription(text, text, text, text[]) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.save_push_subscription(text, text, text, text[]) TO authenticated;

CREATE TABLE public.push_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES public.push_subscriptions (id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  link text,
  -- One notification line (a grouped comment line is updated, not added): the device shows
  -- the newest in place of the older one.
  tag text NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  -- When a server may (re)claim it: claiming moves it a lease ahead, a retry a backoff ahead.
  due_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_outbox_due_idx ON public.push_outbox (due_at, id);
CREATE INDEX push_outbox_subscription_idx ON public.push_outbox (subscription_id);
ALTER TABLE public.push_outbox ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.push_outbox FROM PUBLIC, anon, authenticated;

-- Which choice of the switch a notification kind falls under (welcome: never pushed).
CREATE OR REPLACE FUNCTION public.push_kind(kind text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE kind WHEN 'comment' THEN 'comment' WHEN 'review' THEN 'comment' WHEN 'vote' THEN 'vote'
                   WHEN 'moderation' THEN 'moderation' WHEN 'favorite' THEN 'favorite' END
$$;

-- A new notification line, or a grouped one that counted one more: one message per device
-- of the resident that chose its kind.
CREATE OR REPLACE FUNCTION public.notifications_push() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.group_count IS NOT DISTINCT FROM OLD.group_count THEN
    RETURN NULL;
  END IF;
  INSERT INTO public.push_outbox (subscription_id, title, body, link, tag)
  SELECT s.id, NEW.title, NEW.body, NEW.link, NEW.id::text
  FROM public.push_subscriptions s
  WHERE s.user_id = NEW.user_id AND public.push_kind(NEW.kind) = ANY (s.kinds);
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.notifications_push() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS notifications_push ON public.notifications;
CREATE TRIGGER notifications_push AFTER INSERT OR UPDATE OF group_count ON public.notifications
  FOR EACH ROW EXECUTE FUNCTION public.notifications_push();
