-- Issue #15: several Guida servers over one PostgreSQL.
--
-- 1. Every committed write announces what it changed on the channel `guida_changes`
--    (pg_notify in the writing transaction, so it is sent at commit and never for a rolled
--    back write). Each server LISTENs and drops only the cached pages and reads the change
--    touches (server/db/changes.ts, docs/caching.md). Triggers, not application code, send it:
--    a write through the database API, the Supabase dashboard or a future table announces
--    itself like the app's own writes. A table joins with one line:
--
--      CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.<table>
--        FOR EACH ROW EXECUTE FUNCTION public.announce_change('<kind>', '<item id column>', '<resident column>', …);
--
--    The payload is JSON: {"kind", "table", "op", "id", "users"} — the kind of item (the
--    vocabulary of app/lib/item-kinds.ts, plus profile, favorite, notification), the item's
--    id (from the named column; '' when the row names no item of the kind) and the residents
--    the row belongs to. A bulk load may run `SET LOCAL guida.announce_changes = 'off'` and
--    announce once itself (pg_notify('guida_changes', '{"kind":"*"}')).
--
-- 2. Rate limits shared by every server: fixed-window counters in an unlogged table (no WAL:
--    a crash may forget a window, which only forgives some attempts), read and bumped in one
--    statement by public.hit_rate_limit. Only the server's own role uses them: no grant to
--    the database API's roles, and RLS on with no policy.
--
-- Idempotent: it can run again unchanged.

-- SECURITY DEFINER: a resident's write announces itself even where the database API's roles
-- may not call pg_notify; it reads only the row being written.
CREATE OR REPLACE FUNCTION public.announce_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  item_column text := coalesce(TG_ARGV[1], '');
  row_data jsonb;
  residents jsonb;
  i int;
BEGIN
  IF coalesce(current_setting('guida.announce_changes', true), '') = 'off' THEN
    RETURN NULL;
  END IF;
  -- An update announces the row before and after: a moved item or a changed owner is news
  -- to both sides. Identical payloads in one transaction are sent once by PostgreSQL.
  FOREACH row_data IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
    CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END
  ] LOOP
    CONTINUE WHEN row_data IS NULL;
    residents := '[]'::jsonb;
    FOR i IN 2 .. TG_NARGS - 1 LOOP
      IF row_data ->> TG_ARGV[i] IS NOT NULL THEN
        residents := residents || to_jsonb(row_data ->> TG_ARGV[i]);
      END IF;
    END LOOP;
    PERFORM pg_notify('guida_changes', jsonb_build_object(
      'kind', TG_ARGV[0],
      'table', TG_TABLE_NAME,
      'op', lower(TG_OP),
      'id', CASE WHEN item_column = '' THEN NULL ELSE row_data ->> item_column END,
      'users', residents
    )::text);
  END LOOP;
  RETURN NULL;
END $$;

REVOKE ALL ON FUNCTION public.announce_change() FROM PUBLIC;

CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.profiles
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('profile', 'id', 'id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.profile_private
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('profile', 'user_id', 'user_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('business', 'id', 'owner_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.business_images
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('business', 'business_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('service', 'id', 'owner_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('driver', 'id', 'owner_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('sell_item', 'id', 'seller_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('post', 'id', 'author_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.polls
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('post', 'post_id');
-- Options and votes name their poll, not their post: announced as "some post changed".
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.poll_options
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('post', '');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.poll_votes
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('post', '', 'user_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.news
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('news', 'id', 'author_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.notifications
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('notification', 'id', 'user_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.user_favorites
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('favorite', 'item_id', 'user_id');

-- ---------------------------------------------------------------- shared rate limits

CREATE UNLOGGED TABLE IF NOT EXISTS public.rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);
ALTER TABLE public.rate_limits ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.rate_limits FROM PUBLIC;
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN REVOKE ALL ON public.rate_limits FROM anon; END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN REVOKE ALL ON public.rate_limits FROM authenticated; END IF;
END $$;

-- Counts one hit on `key` in a window of `window_ms` and answers the count so far and the
-- seconds until the window ends. One statement, so two servers counting at once both count.
CREATE OR REPLACE FUNCTION public.hit_rate_limit(key text, window_ms integer)
RETURNS TABLE (hits integer, retry_after integer)
LANGUAGE sql VOLATILE SET search_path = '' AS $$
  INSERT INTO public.rate_limits AS r (key, count, reset_at)
  VALUES (hit_rate_limit.key, 1, clock_timestamp() + make_interval(secs => window_ms / 1000.0))
  ON CONFLICT ON CONSTRAINT rate_limits_pkey DO UPDATE SET
    count = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.count + 1 END,
    reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
  RETURNING r.count, greatest(1, ceil(extract(epoch FROM r.reset_at - clock_timestamp())))::integer
$$;

REVOKE ALL ON FUNCTION public.hit_rate_limit(text, integer) FROM PUBLIC;
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anon') THEN REVOKE ALL ON FUNCTION public.hit_rate_limit(text, integer) FROM anon; END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    REVOKE ALL ON FUNCTION public.hit_rate_limit(text, integer) FROM authenticated;
  END IF;
END $$;
