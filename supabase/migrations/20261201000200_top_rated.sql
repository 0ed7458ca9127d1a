-- Issue #30: the directory lists filtered to "4+ estrelas" (/businesses, /services,
-- /drivers/{filter} with ?estrelas=4), paged by the same keyset as the unfiltered lists.
--
-- `top_rated` says whether a listing's average, as the pages show it (one decimal, rounded:
-- app/lib/reviews.ts averageLabel), is 4,0 or more: sum/count >= 3.95, i.e.
-- 20 * sum >= 79 * count. A stored generated column rather than the expression in the query:
-- a visitor reads these tables through a row-level policy, and PostgreSQL lets a condition
-- choose a partial index only when it is leakproof — a boolean column is, `*` is not (see
-- 20261126000700_city_keyset.sql for the same reason behind name_sort_key). The partial
-- indexes hold only the top-rated rows in the lists' order, so a filtered page reads its
-- twenty rows from the cursor on however few listings are top-rated in a large town.
-- Idempotent: it may be applied again over itself.

ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS top_rated boolean
  GENERATED ALWAYS AS (rating_count > 0 AND 20 * rating_sum >= 79 * rating_count) STORED;
ALTER TABLE public.services ADD COLUMN IF NOT EXISTS top_rated boolean
  GENERATED ALWAYS AS (rating_count > 0 AND 20 * rating_sum >= 79 * rating_count) STORED;
ALTER TABLE public.drivers ADD COLUMN IF NOT EXISTS top_rated boolean
  GENERATED ALWAYS AS (rating_count > 0 AND 20 * rating_sum >= 79 * rating_count) STORED;

CREATE INDEX IF NOT EXISTS businesses_top_rated_order_idx ON public.businesses (name_sort_key, name, id) WHERE top_rated;
CREATE INDEX IF NOT EXISTS businesses_category_top_rated_order_idx ON public.businesses (category, name_sort_key, name, id) WHERE top_rated;
CREATE INDEX IF NOT EXISTS services_top_rated_order_idx ON public.services (name_sort_key, name, id) WHERE top_rated;
CREATE INDEX IF NOT EXISTS services_category_top_rated_order_idx ON public.services (category, name_sort_key, name, id) WHERE top_rated;
CREATE INDEX IF NOT EXISTS drivers_top_rated_order_idx ON public.drivers (name_sort_key, name, id) WHERE top_rated;

-- The listing's updated_at stays still when only its rating moves (20261130000200_reviews.sql):
-- the new column moves with the counters, so it is named with them.
DROP TRIGGER IF EXISTS businesses_touch ON public.businesses;
CREATE TRIGGER businesses_touch BEFORE UPDATE ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_except('rating_count', 'rating_sum', 'rating_counts', 'top_rated');
DROP TRIGGER IF EXISTS services_touch ON public.services;
CREATE TRIGGER services_touch BEFORE UPDATE ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_except('rating_count', 'rating_sum', 'rating_counts', 'top_rated');
DROP TRIGGER IF EXISTS drivers_touch ON public.drivers;
CREATE TRIGGER drivers_touch BEFORE UPDATE ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_except('rating_count', 'rating_sum', 'rating_counts', 'top_rated');

ANALYZE public.businesses;
ANALYZE public.services;
ANALYZE public.drivers;
