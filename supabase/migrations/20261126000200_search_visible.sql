-- Search over what visitors may see, from its own index (issue #17).
--
-- Since the moderation policies (20261125000300_moderation.sql) every listing's SELECT policy
-- carries a real condition (`moderation_state = 'visible'`, OR the caller's own, OR a
-- moderator). PostgreSQL applies a policy's condition before any condition of the query that
-- is not leakproof, and the full-text match `@@` is not: it can no longer be an index
-- condition, so a search read each listing table whole.
--
-- `search_documents` holds one row per visible listing (its kind, its id and its document,
-- built once at write time). It holds nothing a visitor may not see, by construction: the
-- triggers below keep exactly the rows the visitors' policies let through (they test only
-- `moderation_state = 'visible'`). Its policy is therefore simply true, so `@@` is an index
-- condition again. Search takes its candidates here and reads each one back by id from its
-- listing table under that table's own policies, so the database still decides what each
-- caller sees. What only authors and moderators may see (hidden rows) is searched apart,
-- from the few hidden rows (partial indexes below), under the same policies.
--
-- Changes: the listings announce their own writes (20261125000100_changes_and_limits.sql);
-- this table only follows them in the same transaction, so it announces nothing itself
-- (as opening_spans and category_counts). Idempotent: it may be applied again over itself.

CREATE TABLE IF NOT EXISTS public.search_documents (
  kind text NOT NULL CHECK (kind IN ('business', 'service', 'driver', 'sell_item', 'post', 'news')),
  item_id uuid NOT NULL,
  document tsvector NOT NULL,
  PRIMARY KEY (kind, item_id)
);

-- One index per kind: search asks one kind at a time and stops at its candidates. A word
-- common in that kind is found as fast by walking the kind's ids (the primary key) and
-- stopping at the last candidate; the planner chooses between the two by the word's rarity.
CREATE INDEX IF NOT EXISTS search_documents_business_idx ON public.search_documents USING gin (document) WHERE kind = 'business';
CREATE INDEX IF NOT EXISTS search_documents_service_idx ON public.search_documents USING gin (document) WHERE kind = 'service';
CREATE INDEX IF NOT EXISTS search_documents_driver_idx ON public.search_documents USING gin (document) WHERE kind = 'driver';
CREATE INDEX IF NOT EXISTS search_documents_sell_item_idx ON public.search_documents USING gin (document) WHERE kind = 'sell_item';
CREATE INDEX IF NOT EXISTS search_documents_post_idx ON public.search_documents USING gin (document) WHERE kind = 'post';
CREATE INDEX IF NOT EXISTS search_documents_news_idx ON public.search_documents USING gin (document) WHERE kind = 'news';

ALTER TABLE public.search_documents ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS search_documents_read ON public.search_documents;
CREATE POLICY search_documents_read ON public.search_documents FOR SELECT USING (true);
GRANT SELECT ON public.search_documents TO anon, authenticated;
GRANT ALL ON public.search_documents TO service_role;

-- The hidden rows, few by nature: what authors and moderators find beyond the visible ones.
-- Written `<> 'visible'` (as search asks): against a visitor's policy `= 'visible'` an
-- `= 'hidden'` makes the planner fold the two into "false" and drop this index from the plan.
CREATE INDEX IF NOT EXISTS businesses_hidden_idx ON public.businesses (id) WHERE moderation_state <> 'visible';
CREATE INDEX IF NOT EXISTS services_hidden_idx ON public.services (id) WHERE moderation_state <> 'visible';
CREATE INDEX IF NOT EXISTS drivers_hidden_idx ON public.drivers (id) WHERE moderation_state <> 'visible';
CREATE INDEX IF NOT EXISTS sell_items_hidden_idx ON public.sell_items (id) WHERE moderation_state <> 'visible';
CREATE INDEX IF NOT EXISTS posts_hidden_idx ON public.posts (id) WHERE moderation_state <> 'visible';
CREATE INDEX IF NOT EXISTS news_hidden_idx ON public.news (id) WHERE moderation_state <> 'visible';

-- After a listing's write: its row here is its visible document, or nothing. The documents
-- are the expressions search matched on the listings themselves (20261122000200_search.sql);
-- server/models/search.ts repeats them for the hidden rows, read from the listings.
CREATE OR REPLACE FUNCTION public.keep_search_document() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  visible_document tsvector;
BEGIN
  -- NEW exists only for inserts and updates; nested, so a delete never reads it.
  IF TG_OP <> 'DELETE' THEN
    -- One branch per table: a branch names columns only its own table has.
    IF NEW.moderation_state <> 'visible' THEN
      visible_document := NULL;
    ELSIF TG_ARGV[0] IN ('business', 'service') THEN
      visible_document := public.search_vector(NEW.name || ' ' || NEW.category || ' ' || NEW.neighbourhood || ' ' || NEW.description);
    ELSIF TG_ARGV[0] = 'driver' THEN
      visible_document := public.search_vector(NEW.name || ' ' || NEW.vehicle_kind || ' ' || NEW.vehicle_description || ' ' || public.search_join(NEW.areas));
    ELSIF TG_ARGV[0] = 'sell_item' THEN
      visible_document := public.search_vector(NEW.title || ' ' || NEW.category || ' ' || NEW.location || ' ' || NEW.description);
    ELSIF TG_ARGV[0] = 'post' THEN
      visible_document := public.search_vector(NEW.content);
    ELSIF TG_ARGV[0] = 'news' THEN
      visible_document := public.search_vector(NEW.title || ' ' || NEW.summary || ' ' || NEW.content);
    END IF;
  END IF;
  IF visible_document IS NULL THEN
    IF TG_OP <> 'INSERT' THEN
      DELETE FROM public.search_documents d WHERE d.kind = TG_ARGV[0] AND d.item_id = OLD.id;
    END IF;
  ELSE
    INSERT INTO public.search_documents AS d (kind, item_id, document) VALUES (TG_ARGV[0], NEW.id, visible_document)
    ON CONFLICT ON CONSTRAINT search_documents_pkey DO UPDATE SET document = EXCLUDED.document
      WHERE d.document IS DISTINCT FROM EXCLUDED.document;
  END IF;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION public.keep_search_document() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS businesses_keep_search_document ON public.businesses;
CREATE TRIGGER businesses_keep_search_document
  AFTER INSERT OR DELETE OR UPDATE OF name, category, neighbourhood, description, moderation_state ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.keep_search_document('business');
DROP TRIGGER IF EXISTS services_keep_search_document ON public.services;
CREATE TRIGGER services_keep_search_document
  AFTER INSERT OR DELETE OR UPDATE OF name, category, neighbourhood, description, moderation_state ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.keep_search_document('service');
DROP TRIGGER IF EXISTS drivers_keep_search_document ON public.drivers;
CREATE TRIGGER drivers_keep_search_document
  AFTER INSERT OR DELETE OR UPDATE OF name, vehicle_kind, vehicle_description, areas, moderation_state ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.keep_search_document('driver');
DROP TRIGGER IF EXISTS sell_items_keep_search_document ON public.sell_items;
CREATE TRIGGER sell_items_keep_search_document
  AFTER INSERT OR DELETE OR UPDATE OF title, category, location, description, moderation_state ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.keep_search_document('sell_item');
DROP TRIGGER IF EXISTS posts_keep_search_document ON public.posts;
CREATE TRIGGER posts_keep_search_document
  AFTER INSERT OR DELETE OR UPDATE OF content, moderation_state ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.keep_search_document('post');
DROP TRIGGER IF EXISTS news_keep_search_document ON public.news;
CREATE TRIGGER news_keep_search_document
  AFTER INSERT OR DELETE OR UPDATE OF title, summary, content, moderation_state ON public.news
  FOR EACH ROW EXECUTE FUNCTION public.keep_search_document('news');

-- The listings' own full-text indexes served search before; it reads this table now.
DROP INDEX IF EXISTS public.businesses_search_idx;
DROP INDEX IF EXISTS public.services_search_idx;
DROP INDEX IF EXISTS public.drivers_search_idx;
DROP INDEX IF EXISTS public.sell_items_search_idx;
DROP INDEX IF EXISTS public.posts_search_idx;
DROP INDEX IF EXISTS public.news_search_idx;

-- Filled from the rows already there (again, identically, if the migration runs again).
DELETE FROM public.search_documents;
INSERT INTO public.search_documents (kind, item_id, document)
SELECT s.kind, s.id, s.document FROM (
  SELECT 'business' AS kind, x.id, public.search_vector(x.name || ' ' || x.category || ' ' || x.neighbourhood || ' ' || x.description) AS document
  FROM public.businesses x WHERE x.moderation_state = 'visible'
  UNION ALL SELECT 'service', x.id, public.search_vector(x.name || ' ' || x.category || ' ' || x.neighbourhood || ' ' || x.description)
  FROM public.services x WHERE x.moderation_state = 'visible'
  UNION ALL SELECT 'driver', x.id, public.search_vector(x.name || ' ' || x.vehicle_kind || ' ' || x.vehicle_description || ' ' || public.search_join(x.areas))
  FROM public.drivers x WHERE x.moderation_state = 'visible'
  UNION ALL SELECT 'sell_item', x.id, public.search_vector(x.title || ' ' || x.category || ' ' || x.location || ' ' || x.description)
  FROM public.sell_items x WHERE x.moderation_state = 'visible'
  UNION ALL SELECT 'post', x.id, public.search_vector(x.content) FROM public.posts x WHERE x.moderation_state = 'visible'
  UNION ALL SELECT 'news', x.id, public.search_vector(x.title || ' ' || x.summary || ' ' || x.content)
  FROM public.news x WHERE x.moderation_state = 'visible'
) s
WHERE s.document IS NOT NULL;
