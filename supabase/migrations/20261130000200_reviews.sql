-- Issue #30, second half: reviews and ratings of businesses, services and drivers. The
-- database is the authority, as for comments (20261129000200_comments.sql): one review per
-- resident per listing (a unique constraint, so a race answers once), never by the listing's
-- owner, only from residents the trust rules allow to report (level 1: a confirmed e-mail),
-- the owner's one public answer, the listing's average/count/distribution kept by triggers,
-- and reviews reportable and hidden by the same moderation.
-- It also replaces the per-kind CASE lists of the moderation functions (restated whole by
-- every migration that added a kind: D3/D6/D9 of the duplicates report) with one list,
-- public.item_kind(kind), that each of them reads.
-- Idempotent: it can run again unchanged (on Supabase, PGlite and plain PostgreSQL).

-- ---------------------------------------------------------------- the tables
-- A review belongs to exactly one business, service or driver (three foreign keys, so
-- deleting the listing takes its reviews along); listing_id/listing_kind say which.
CREATE TABLE IF NOT EXISTS public.reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid REFERENCES public.businesses (id) ON DELETE CASCADE,
  service_id uuid REFERENCES public.services (id) ON DELETE CASCADE,
  driver_id uuid REFERENCES public.drivers (id) ON DELETE CASCADE,
  listing_id uuid GENERATED ALWAYS AS (coalesce(business_id, service_id, driver_id)) STORED,
  listing_kind text GENERATED ALWAYS AS (
    CASE WHEN business_id IS NOT NULL THEN 'business' WHEN service_id IS NOT NULL THEN 'service' ELSE 'driver' END) STORED,
  author_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 2000),
  moderation_state text NOT NULL DEFAULT 'visible' CHECK (moderation_state IN ('visible', 'hidden')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The date a review shows: its writing, or its last change (stamped by the database).
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reviews_one_listing CHECK (num_nonnulls(business_id, service_id, driver_id) = 1),
  CONSTRAINT reviews_one_per_resident UNIQUE (listing_id, author_id)
);
-- The listing's reviews, newest change first; a profile's deletion.
CREATE INDEX IF NOT EXISTS reviews_listing_idx ON public.reviews (listing_id, updated_at DESC, id);
CREATE INDEX IF NOT EXISTS reviews_author_idx ON public.reviews (author_id);
CREATE INDEX IF NOT EXISTS reviews_hidden_idx ON public.reviews (id) WHERE moderation_state <> 'visible';

-- The owner's answer: at most one per review (its key), never edited.
CREATE TABLE IF NOT EXISTS public.review_replies (
  review_id uuid PRIMARY KEY REFERENCES public.reviews (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(btrim(body)) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS review_replies_author_idx ON public.review_replies (author_id);

-- The listings' ratings, from their visible reviews: kept by a trigger, so a page or a list
-- never counts per request. rating_counts[n] = how many gave n stars.
ALTER TABLE public.businesses
  ADD COLUMN IF NOT EXISTS rating_count int NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  ADD COLUMN IF NOT EXISTS rating_sum int NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  ADD COLUMN IF NOT EXISTS rating_counts int[] NOT NULL DEFAULT '{0,0,0,0,0}' CHECK (cardinality(rating_counts) = 5);
ALTER TABLE public.services
  ADD COLUMN IF NOT EXISTS rating_count int NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  ADD COLUMN IF NOT EXISTS rating_sum int NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  ADD COLUMN IF NOT EXISTS rating_counts int[] NOT NULL DEFAULT '{0,0,0,0,0}' CHECK (cardinality(rating_counts) = 5);
ALTER TABLE public.drivers
  ADD COLUMN IF NOT EXISTS rating_count int NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  ADD COLUMN IF NOT EXISTS rating_sum int NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  ADD COLUMN IF NOT EXISTS rating_counts int[] NOT NULL DEFAULT '{0,0,0,0,0}' CHECK (cardinality(rating_counts) = 5);

-- A rating moving is not an edit of the listing: updated_at stays. The counters a trigger
-- keeps are named by the trigger (comments' comment_count, reviews' rating_*).
CREATE OR REPLACE FUNCTION public.touch_updated_at_except() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF (to_jsonb(NEW) - TG_ARGV - 'updated_at') = (to_jsonb(OLD) - TG_ARGV - 'updated_at') THEN
    RETURN NEW;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS businesses_touch ON public.businesses;
CREATE TRIGGER businesses_touch BEFORE UPDATE ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_except('rating_count', 'rating_sum', 'rating_counts');
DROP TRIGGER IF EXISTS services_touch ON public.services;
CREATE TRIGGER services_touch BEFORE UPDATE ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_except('rating_count', 'rating_sum', 'rating_counts');
DROP TRIGGER IF EXISTS drivers_touch ON public.drivers;
CREATE TRIGGER drivers_touch BEFORE UPDATE ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_except('rating_count', 'rating_sum', 'rating_counts');

-- ---------------------------------------------------------------- the one list of moderated kinds
-- Each kind of item moderation knows: its table, who wrote it, what names it in the queue,
-- where it is read, whether reports may hide it without a person, and what more makes it
-- visible to a caller than their own read policies. Adding a kind is one line here.
CREATE OR REPLACE FUNCTION public.item_kind(kind text)
RETURNS TABLE (tbl text, author_col text, title_expr text, path text, auto_hide boolean, visible_expr text)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT k.tbl, k.author_col, k.title_expr, k.path, k.auto_hide, k.visible_expr
  FROM (VALUES
    ('post', 'posts', 'author_id', 'x.content', '/posts/', true, 'true'),
    ('sell_item', 'sell_items', 'seller_id', 'x.title', '/sell-items/', true, 'true'),
    ('news', 'news', 'author_id', 'x.title', '/news/', true, 'true'),
    ('business', 'businesses', 'owner_id', 'x.name', '/business/', false, 'true'),
    ('service', 'services', 'owner_id', 'x.name', '/service/', false, 'true'),
    ('driver', 'drivers', 'owner_id', 'x.name', '/driver/', false, 'true'),
    ('profile', 'profiles', 'id', 'x.full_name', '/user/', true,
     '(x.moderation_state = ''visible'' OR x.id = auth.uid() OR public.is_moderator())'),
    ('comment', 'comments', 'author_id', 'x.body', NULL, true, 'x.deleted_at IS NULL'),
    ('review', 'reviews', 'author_id', 'CASE WHEN x.body = '''' THEN x.stars || '' estrelas'' ELSE x.body END', NULL, true, 'true')
  ) AS k(kind, tbl, author_col, title_expr, path, auto_hide, visible_expr)
  WHERE k.kind = item_kind.kind
$$;
-- A constant list: the invoker's functions (item_is_visible, item_link) read it too.
REVOKE ALL ON FUNCTION public.item_kind(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.item_kind(text) TO anon, authenticated, service_role;

-- Visible to the caller (SECURITY INVOKER: their own read policies answer).
CREATE OR REPLACE FUNCTION public.item_is_visible(kind text, item uuid) RETURNS boolean
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  k record;
  found boolean;
BEGIN
  SELECT * INTO k FROM public.item_kind(kind);
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM public.%I x WHERE x.id = $1 AND %s)', k.tbl, k.visible_expr) INTO found USING item;
  RETURN found;
END $$;

-- Read as the database's owner (SECURITY DEFINER): moderation's own view of the item.
CREATE OR REPLACE FUNCTION public.item_column(kind text, item uuid, expr text) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  k record;
  value text;
BEGIN
  SELECT * INTO k FROM public.item_kind(kind);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT (%s)::text FROM public.%I x WHERE x.id = $1', replace(expr, '{author}', quote_ident(k.author_col)), k.tbl)
    INTO value USING item;
  RETURN value;
END $$;
REVOKE ALL ON FUNCTION public.item_column(text, uuid, text) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.author_of(kind text, item uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT public.item_column(kind, item, 'x.{author}')::uuid
$$;

CREATE OR REPLACE FUNCTION public.item_exists(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(public.item_column(kind, item, 'true')::boolean, false)
$$;

CREATE OR REPLACE FUNCTION public.item_state(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT public.item_column(kind, item, 'x.moderation_state')
$$;

CREATE OR REPLACE FUNCTION public.item_title(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT left(public.item_column(kind, item, (SELECT k.title_expr FROM public.item_kind(kind) k)), 80)
$$;

-- Where a review is read: its listing's page, at the review.
CREATE OR REPLACE FUNCTION public.review_link(review uuid) RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT '/' || r.listing_kind || '/' || r.listing_id || '#avaliacao-' || r.id FROM public.reviews r WHERE r.id = review
$$;

CREATE OR REPLACE FUNCTION public.item_link(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'comment' THEN public.comment_link(item)
    WHEN 'review' THEN public.review_link(item)
    ELSE (SELECT k.path || item FROM public.item_kind(kind) k)
  END
$$;

-- Reports may hide residents' content (auto_hide), never staff's; a business, a service and
-- a driver wait in the queue for a person.
CREATE OR REPLACE FUNCTION public.may_hide_automatically(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce((SELECT k.auto_hide FROM public.item_kind(kind) k), false)
     AND NOT EXISTS (SELECT 1 FROM public.user_roles r WHERE r.user_id = public.author_of(kind, item))
$$;

CREATE OR REPLACE FUNCTION public.set_moderation_state(kind text, item uuid, state text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  tbl text := (SELECT k.tbl FROM public.item_kind(kind) k);
  changed int;
  author uuid := public.author_of(kind, item);
BEGIN
  IF tbl IS NULL THEN
    RAISE EXCEPTION 'unknown item type %', kind USING ERRCODE = 'invalid_parameter_value';
  END IF;
  EXECUTE format('UPDATE public.%I SET moderation_state = $1 WHERE id = $2 AND moderation_state <> $1', tbl) USING state, item;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 AND author IS NOT NULL THEN
    INSERT INTO public.notifications (user_id, kind, title, body, link)
    VALUES (author, 'moderation',
            CASE state WHEN 'hidden' THEN 'Oculto pela moderação' ELSE 'Sua publicação voltou a aparecer' END,
            CASE state WHEN 'hidden' THEN 'Uma publicação sua foi ocultada enquanto a moderação analisa as denúncias.'
                       ELSE 'A moderação analisou as denúncias e sua publicação está visível de novo.' END,
            public.item_link(kind, item));
  END IF;
END $$;

ALTER TABLE public.reports DROP CONSTRAINT IF EXISTS reports_item_type_check;
ALTER TABLE public.reports ADD CONSTRAINT reports_item_type_check
  CHECK (item_type IN ('post', 'sell_item', 'news', 'profile', 'business', 'service', 'driver', 'comment', 'review'));

-- ---------------------------------------------------------------- before a review
-- Whether the caller owns a listing (the policies ask it; it reads owner_id only).
CREATE OR REPLACE FUNCTION public.owns_listing(kind text, listing uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT kind IN ('business', 'service', 'driver') AND auth.uid() IS NOT NULL
     AND public.author_of(kind, listing) IS NOT DISTINCT FROM auth.uid()
$$;
REVOKE ALL ON FUNCTION public.owns_listing(text, uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.owns_listing(text, uuid) TO authenticated, service_role;

-- Never the listing's owner (the seed included); and from a resident the trust rules let
-- speak for the town: the level that may report (public.trust_of, 20261128000200_trust.sql:
-- a confirmed e-mail). A blocked resident is refused by the policies, as for comments.
CREATE OR REPLACE FUNCTION public.reviews_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  kind text := CASE WHEN NEW.business_id IS NOT NULL THEN 'business' WHEN NEW.service_id IS NOT NULL THEN 'service' ELSE 'driver' END;
BEGIN
  IF public.author_of(kind, coalesce(NEW.business_id, NEW.service_id, NEW.driver_id)) IS NOT DISTINCT FROM NEW.author_id THEN
    RAISE EXCEPTION 'the owner of a listing cannot review it' USING ERRCODE = 'check_violation', CONSTRAINT = 'reviews_not_owner';
  END IF;
  IF auth.uid() IS NULL OR NEW.author_id IS DISTINCT FROM auth.uid() OR public.is_blocked() THEN
    RETURN NEW;
  END IF;
  IF coalesce((SELECT t.level FROM public.trust_of(NEW.author_id) t), 0) < 1 THEN
    RAISE EXCEPTION 'trust level too low to review' USING ERRCODE = 'check_violation', CONSTRAINT = 'reviews_trust_level';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.reviews_check() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS reviews_check ON public.reviews;
CREATE TRIGGER reviews_check BEFORE INSERT ON public.reviews FOR EACH ROW EXECUTE FUNCTION public.reviews_check();

-- Editing replaces the stars and the text and dates the review anew; moderation changes only
-- moderation_state, which keeps the date.
CREATE OR REPLACE FUNCTION public.reviews_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NEW.stars IS DISTINCT FROM OLD.stars OR NEW.body IS DISTINCT FROM OLD.body THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS reviews_guard ON public.reviews;
CREATE TRIGGER reviews_guard BEFORE UPDATE ON public.reviews FOR EACH ROW EXECUTE FUNCTION public.reviews_guard();

-- ---------------------------------------------------------------- the ratings
-- One review's stars counted in (+1) or out (-1) of its listing's rating.
CREATE OR REPLACE FUNCTION public.rate_listing(kind text, listing uuid, stars int, sign int) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  -- greatest(): a listing whose deletion cascades here is already gone (no row to update).
  EXECUTE format(
    'UPDATE public.%I SET rating_count = greatest(0, rating_count + $1), rating_sum = greatest(0, rating_sum + $1 * $2),
            rating_counts[$2] = greatest(0, rating_counts[$2] + $1) WHERE id = $3', (SELECT k.tbl FROM public.item_kind(kind) k))
    USING sign, stars, listing;
END $$;
REVOKE ALL ON FUNCTION public.rate_listing(text, uuid, int, int) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.reviews_rate() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.moderation_state = 'visible' THEN
    PERFORM public.rate_listing(OLD.listing_kind, OLD.listing_id, OLD.stars, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.moderation_state = 'visible' THEN
    PERFORM public.rate_listing(NEW.listing_kind, NEW.listing_id, NEW.stars, 1);
  END IF;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.reviews_rate() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS reviews_rate ON public.reviews;
CREATE TRIGGER reviews_rate AFTER INSERT OR DELETE OR UPDATE OF stars, moderation_state ON public.reviews
  FOR EACH ROW EXECUTE FUNCTION public.reviews_rate();

-- ---------------------------------------------------------------- notifications
ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('welcome', 'favorite', 'vote', 'moderation', 'comment', 'review'));

-- The owner hears of each new review, the reviewer of the owner's answer.
CREATE OR REPLACE FUNCTION public.reviews_notify() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  -- The review itself, or the one answered (a row of review_replies has no id of its own).
  review public.reviews := (SELECT r FROM public.reviews r WHERE r.id = coalesce(to_jsonb(NEW) ->> 'review_id', to_jsonb(NEW) ->> 'id')::uuid);
  owner uuid := public.author_of(review.listing_kind, review.listing_id);
  listing text := public.item_title(review.listing_kind, review.listing_id);
  writer text := coalesce((SELECT p.full_name FROM public.profiles p WHERE p.id = NEW.author_id), 'Alguém');
  quote text := CASE WHEN NEW.body = '' THEN '' ELSE ': “' || left(NEW.body, 120) || CASE WHEN char_length(NEW.body) > 120 THEN '…”' ELSE '”' END END;
BEGIN
  IF TG_TABLE_NAME = 'reviews' THEN
    IF owner IS NOT NULL AND owner <> NEW.author_id THEN
      INSERT INTO public.notifications (user_id, kind, title, body, link)
      VALUES (owner, 'review', 'Nova avaliação de ' || listing,
              writer || ' deu ' || review.stars || CASE review.stars WHEN 1 THEN ' estrela' ELSE ' estrelas' END || quote,
              public.review_link(review.id));
    END IF;
  ELSIF review.author_id <> NEW.author_id THEN
    INSERT INTO public.notifications (user_id, kind, title, body, link)
    VALUES (review.author_id, 'review', 'Resposta à sua avaliação de ' || listing, writer || quote, public.review_link(review.id));
  END IF;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.reviews_notify() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS reviews_notify ON public.reviews;
CREATE TRIGGER reviews_notify AFTER INSERT ON public.reviews FOR EACH ROW EXECUTE FUNCTION public.reviews_notify();
DROP TRIGGER IF EXISTS review_replies_notify ON public.review_replies;
CREATE TRIGGER review_replies_notify AFTER INSERT ON public.review_replies FOR EACH ROW EXECUTE FUNCTION public.reviews_notify();

-- ---------------------------------------------------------------- row level security
ALTER TABLE public.reviews ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.review_replies ENABLE ROW LEVEL SECURITY;

-- Everyone reads visible reviews of listings they may read; a resident also their own (a
-- hidden one marked for them); moderators everything.
DROP POLICY IF EXISTS reviews_read ON public.reviews;
DROP POLICY IF EXISTS reviews_read_own ON public.reviews;
DROP POLICY IF EXISTS reviews_read_moderator ON public.reviews;
CREATE POLICY reviews_read ON public.reviews FOR SELECT USING (
  moderation_state = 'visible'
  AND (business_id IS NULL OR EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id))
  AND (service_id IS NULL OR EXISTS (SELECT 1 FROM public.services s WHERE s.id = service_id))
  AND (driver_id IS NULL OR EXISTS (SELECT 1 FROM public.drivers d WHERE d.id = driver_id)));
CREATE POLICY reviews_read_own ON public.reviews FOR SELECT TO authenticated USING (author_id = (SELECT auth.uid()));
CREATE POLICY reviews_read_moderator ON public.reviews FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

-- Written as oneself, of a listing one may read and does not own; changed and removed by
-- their author only. A blocked resident writes nothing.
DROP POLICY IF EXISTS reviews_insert_own ON public.reviews;
DROP POLICY IF EXISTS reviews_update_own ON public.reviews;
DROP POLICY IF EXISTS reviews_delete_own ON public.reviews;
DROP POLICY IF EXISTS reviews_not_blocked_insert ON public.reviews;
DROP POLICY IF EXISTS reviews_not_blocked_update ON public.reviews;
CREATE POLICY reviews_insert_own ON public.reviews FOR INSERT TO authenticated WITH CHECK (
  author_id = (SELECT auth.uid())
  AND NOT public.owns_listing(CASE WHEN business_id IS NOT NULL THEN 'business' WHEN service_id IS NOT NULL THEN 'service' ELSE 'driver' END,
                              coalesce(business_id, service_id, driver_id))
  AND (business_id IS NULL OR EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id))
  AND (service_id IS NULL OR EXISTS (SELECT 1 FROM public.services s WHERE s.id = service_id))
  AND (driver_id IS NULL OR EXISTS (SELECT 1 FROM public.drivers d WHERE d.id = driver_id)));
CREATE POLICY reviews_update_own ON public.reviews FOR UPDATE TO authenticated
  USING (author_id = (SELECT auth.uid())) WITH CHECK (author_id = (SELECT auth.uid()));
CREATE POLICY reviews_delete_own ON public.reviews FOR DELETE TO authenticated USING (author_id = (SELECT auth.uid()));
CREATE POLICY reviews_not_blocked_insert ON public.reviews AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (NOT (SELECT public.is_blocked()));
CREATE POLICY reviews_not_blocked_update ON public.reviews AS RESTRICTIVE FOR UPDATE TO authenticated
  USING (true) WITH CHECK (NOT (SELECT public.is_blocked()));

REVOKE ALL ON public.reviews FROM anon, authenticated;
GRANT SELECT ON public.reviews TO anon, authenticated;
GRANT INSERT (business_id, service_id, driver_id, author_id, stars, body) ON public.reviews TO authenticated;
GRANT UPDATE (stars, body) ON public.reviews TO authenticated;
GRANT DELETE ON public.reviews TO authenticated;
GRANT ALL ON public.reviews TO service_role;

-- An answer is read with its review; written once, by the reviewed listing's owner.
DROP POLICY IF EXISTS review_replies_read ON public.review_replies;
DROP POLICY IF EXISTS review_replies_insert_owner ON public.review_replies;
DROP POLICY IF EXISTS review_replies_not_blocked_insert ON public.review_replies;
CREATE POLICY review_replies_read ON public.review_replies FOR SELECT USING (
  EXISTS (SELECT 1 FROM public.reviews r WHERE r.id = review_id));
CREATE POLICY review_replies_insert_owner ON public.review_replies FOR INSERT TO authenticated WITH CHECK (
  author_id = (SELECT auth.uid())
  AND EXISTS (SELECT 1 FROM public.reviews r WHERE r.id = review_id AND public.owns_listing(r.listing_kind, r.listing_id)));
CREATE POLICY review_replies_not_blocked_insert ON public.review_replies AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (NOT (SELECT public.is_blocked()));

REVOKE ALL ON public.review_replies FROM anon, authenticated;
GRANT SELECT ON public.review_replies TO anon, authenticated;
GRANT INSERT (review_id, author_id, body) ON public.review_replies TO authenticated;
GRANT ALL ON public.review_replies TO service_role;

-- The change channel (docs/caching.md): a review names its listing, so it drops that
-- listing's page; the rating's UPDATE of the listing announces the listing, which the lists
-- follow. An answer names its review only: the reads of reviews follow "review_reply" whole
-- (answers are few).
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.reviews
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('review', 'listing_id', 'author_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.review_replies
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('review_reply', 'review_id', 'author_id');
