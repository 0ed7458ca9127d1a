-- From a town to a city (issue #17): every list page reads the rows it shows and no more.
-- Indexes that serve each page's order, and two small summaries kept by triggers so the
-- counts the pages show (businesses open now, listings per category) are read, not counted.
-- Idempotent: it may be applied again over itself.

-- ---------------------------------------------------------------- the accent-folded name order
-- The same expression as ptSortKey (server/models/sort.ts), character for character: the
-- planner uses an expression index only for the very expression the query sorts by.
CREATE INDEX IF NOT EXISTS businesses_name_order_idx ON public.businesses
  (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), name, id);
CREATE INDEX IF NOT EXISTS businesses_category_name_order_idx ON public.businesses
  (category, lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), name, id);
CREATE INDEX IF NOT EXISTS services_name_order_idx ON public.services
  (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), name, id);
CREATE INDEX IF NOT EXISTS services_category_name_order_idx ON public.services
  (category, lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), name, id);
CREATE INDEX IF NOT EXISTS drivers_name_order_idx ON public.drivers
  (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), name, id);
CREATE INDEX IF NOT EXISTS drivers_name_idx ON public.drivers (name);
CREATE INDEX IF NOT EXISTS profiles_name_order_idx ON public.profiles
  (lower(translate(full_name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')), full_name, id);

-- ---------------------------------------------------------------- newest first, per owner
CREATE INDEX IF NOT EXISTS notifications_user_newest_idx ON public.notifications (user_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS sell_items_available_newest_idx ON public.sell_items (created_at DESC, id DESC) WHERE status = 'available';
CREATE INDEX IF NOT EXISTS user_favorites_user_newest_idx ON public.user_favorites (user_id, created_at DESC, item_id);
-- Deleting an item forgets its favorites (forget_favorites_of_deleted_item) by item_id.
CREATE INDEX IF NOT EXISTS user_favorites_item_idx ON public.user_favorites (item_id);
-- Foreign keys whose parent's delete would otherwise read the whole child table.
CREATE INDEX IF NOT EXISTS poll_votes_user_idx ON public.poll_votes (user_id);
CREATE INDEX IF NOT EXISTS polls_post_idx ON public.polls (post_id);
CREATE INDEX IF NOT EXISTS poll_options_poll_idx ON public.poll_options (poll_id, position);

-- ---------------------------------------------------------------- businesses open now
-- One row per (weekday, opening time, closing time) with how many businesses keep those
-- hours: "open now" is then a sum over the day's few distinct spans, whatever the number of
-- businesses. The rule is OPEN_AT_SQL's (server/models/businesses.ts): open that day, both
-- times given, opensAt <= HH:MI < closesAt.
CREATE TABLE IF NOT EXISTS public.opening_spans (
  weekday text NOT NULL,
  opens_at text NOT NULL,
  closes_at text NOT NULL,
  businesses integer NOT NULL,
  PRIMARY KEY (weekday, opens_at, closes_at)
);
ALTER TABLE public.opening_spans ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS opening_spans_read ON public.opening_spans;
CREATE POLICY opening_spans_read ON public.opening_spans FOR SELECT USING (true);

CREATE OR REPLACE FUNCTION public.opening_spans_of(hours jsonb)
RETURNS TABLE (weekday text, opens_at text, closes_at text)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT d.key, d.value ->> 'opensAt', d.value ->> 'closesAt'
  FROM pg_catalog.jsonb_each(CASE WHEN pg_catalog.jsonb_typeof(hours) = 'object' THEN hours ELSE '{}'::jsonb END) AS d
  WHERE pg_catalog.jsonb_typeof(d.value) = 'object'
    AND coalesce((d.value ->> 'open')::boolean, false)
    AND d.value ? 'opensAt' AND d.value ? 'closesAt'
$$;

-- Runs as its owner: the summary is written by no role, whoever changed the business.
CREATE OR REPLACE FUNCTION public.count_opening_spans() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.opening_spans s SET businesses = s.businesses - 1
    FROM public.opening_spans_of(OLD.opening_hours) o
    WHERE s.weekday = o.weekday AND s.opens_at = o.opens_at AND s.closes_at = o.closes_at;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO public.opening_spans AS s (weekday, opens_at, closes_at, businesses)
    SELECT o.weekday, o.opens_at, o.closes_at, 1 FROM public.opening_spans_of(NEW.opening_hours) o
    ON CONFLICT (weekday, opens_at, closes_at) DO UPDATE SET businesses = s.businesses + 1;
  END IF;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION public.count_opening_spans() FROM PUBLIC, anon, authenticated;
REVOKE ALL ON FUNCTION public.opening_spans_of(jsonb) FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS businesses_count_opening_spans ON public.businesses;
CREATE TRIGGER businesses_count_opening_spans AFTER INSERT OR DELETE OR UPDATE OF opening_hours ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.count_opening_spans();

DELETE FROM public.opening_spans;
INSERT INTO public.opening_spans (weekday, opens_at, closes_at, businesses)
SELECT o.weekday, o.opens_at, o.closes_at, count(*)::int
FROM public.businesses b, public.opening_spans_of(b.opening_hours) o
GROUP BY 1, 2, 3;

-- ---------------------------------------------------------------- listings per category
-- The category pickers of /businesses, /services and /sell-items show how many listings
-- each category has: kept here by triggers instead of counted on every cold page.
CREATE TABLE IF NOT EXISTS public.category_counts (
  listing text NOT NULL CHECK (listing IN ('businesses', 'services', 'sell_items')),
  category text NOT NULL,
  listings integer NOT NULL,
  PRIMARY KEY (listing, category)
);
ALTER TABLE public.category_counts ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS category_counts_read ON public.category_counts;
CREATE POLICY category_counts_read ON public.category_counts FOR SELECT USING (true);

CREATE OR REPLACE FUNCTION public.count_categories() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.category_counts c SET listings = c.listings - 1
    WHERE c.listing = TG_TABLE_NAME AND c.category = OLD.category;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO public.category_counts AS c (listing, category, listings) VALUES (TG_TABLE_NAME, NEW.category, 1)
    ON CONFLICT (listing, category) DO UPDATE SET listings = c.listings + 1;
  END IF;
  -- A category nobody uses any more leaves the picker, as it did when it was counted.
  DELETE FROM public.category_counts c WHERE c.listing = TG_TABLE_NAME AND c.listings <= 0;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION public.count_categories() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS businesses_count_categories ON public.businesses;
CREATE TRIGGER businesses_count_categories AFTER INSERT OR DELETE OR UPDATE OF category ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.count_categories();
DROP TRIGGER IF EXISTS services_count_categories ON public.services;
CREATE TRIGGER services_count_categories AFTER INSERT OR DELETE OR UPDATE OF category ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.count_categories();
DROP TRIGGER IF EXISTS sell_items_count_categories ON public.sell_items;
CREATE TRIGGER sell_items_count_categories AFTER INSERT OR DELETE OR UPDATE OF category ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.count_categories();

DELETE FROM public.category_counts;
INSERT INTO public.category_counts (listing, category, listings)
SELECT 'businesses', category, count(*)::int FROM public.businesses GROUP BY category
UNION ALL SELECT 'services', category, count(*)::int FROM public.services GROUP BY category
UNION ALL SELECT 'sell_items', category, count(*)::int FROM public.sell_items GROUP BY category;

-- ---------------------------------------------------------------- grants
REVOKE ALL ON public.opening_spans, public.category_counts FROM anon, authenticated;
GRANT SELECT ON public.opening_spans, public.category_counts TO anon, authenticated;
GRANT ALL ON public.opening_spans, public.category_counts TO service_role;

-- ---------------------------------------------------------------- search
-- Building a document's tsvector (unaccent, stemming) costs tens of microseconds, not the
-- default estimate of 100 operator costs: with the true price the planner reads a common
-- word's matches from the GIN indexes instead of scanning each table and building every
-- document until it has enough candidates.
ALTER FUNCTION public.search_vector(text) COST 5000;
