-- Keyset pages under row-level security (issue #17): the name-order lists' cursor condition
-- must reach the index on every engine.
--
-- A visitor reads businesses, services and drivers through a policy (`moderation_state =
-- 'visible'`). PostgreSQL then lets a query's own condition into an index scan only when
-- every function in it is leakproof; `lower(translate(name, …))` is not, so
-- `(sort key, name, id) > (cursor)` was checked as a filter on every row the index walked
-- from the list's start: page 300 read 6,000 rows (234 ms on PGlite at 100×). A stored
-- sort key leaves only leakproof comparisons (text, uuid) in the condition, which the
-- index then starts from. The expression is ptSortKey (server/models/sort.ts), character
-- for character, so the order does not change.
-- Idempotent: it may be applied again over itself.

ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS name_sort_key text GENERATED ALWAYS AS
  (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED;
ALTER TABLE public.services ADD COLUMN IF NOT EXISTS name_sort_key text GENERATED ALWAYS AS
  (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED;
ALTER TABLE public.drivers ADD COLUMN IF NOT EXISTS name_sort_key text GENERATED ALWAYS AS
  (lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))) STORED;

CREATE INDEX IF NOT EXISTS businesses_sort_key_order_idx ON public.businesses (name_sort_key, name, id);
CREATE INDEX IF NOT EXISTS businesses_category_sort_key_order_idx ON public.businesses (category, name_sort_key, name, id);
CREATE INDEX IF NOT EXISTS services_sort_key_order_idx ON public.services (name_sort_key, name, id);
CREATE INDEX IF NOT EXISTS services_category_sort_key_order_idx ON public.services (category, name_sort_key, name, id);
CREATE INDEX IF NOT EXISTS drivers_sort_key_order_idx ON public.drivers (name_sort_key, name, id);

-- The expression indexes these replace (20261125000200_city_scale.sql): no query sorts by
-- the expression on these tables any more, and each costs every write.
DROP INDEX IF EXISTS public.businesses_name_order_idx;
DROP INDEX IF EXISTS public.businesses_category_name_order_idx;
DROP INDEX IF EXISTS public.services_name_order_idx;
DROP INDEX IF EXISTS public.services_category_name_order_idx;
DROP INDEX IF EXISTS public.drivers_name_order_idx;

ANALYZE public.businesses;
ANALYZE public.services;
ANALYZE public.drivers;

-- /favorites pages by cursor, newest first with the item's id breaking ties in the same
-- direction (`created_at DESC, item_id DESC`, keyset.ts newestOrderPage), which this index
-- serves from the cursor on; the one it replaces had the id ascending.
CREATE INDEX IF NOT EXISTS user_favorites_user_newest_order_idx ON public.user_favorites (user_id, created_at DESC, item_id DESC);
DROP INDEX IF EXISTS public.user_favorites_user_newest_idx;
