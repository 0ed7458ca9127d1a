-- Search across the town: accent- and case-insensitive Portuguese full-text search.
-- unaccent lives in the "extensions" schema as on Supabase; an IMMUTABLE wrapper lets it
-- appear in index expressions (unaccent itself is only STABLE).
CREATE SCHEMA IF NOT EXISTS extensions;
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA extensions;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;

CREATE OR REPLACE FUNCTION public.search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path = '' AS $$
  SELECT lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;

CREATE OR REPLACE FUNCTION public.search_vector(value text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path = '' AS $$
  SELECT to_tsvector('pg_catalog.portuguese'::regconfig, public.search_text(value))
$$;

-- array_to_string is only STABLE in general; over text[] it cannot vary.
CREATE OR REPLACE FUNCTION public.search_join(value text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT SET search_path = '' AS $$
  SELECT pg_catalog.array_to_string(value, ' ')
$$;

GRANT USAGE ON SCHEMA extensions TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION public.search_text(text), public.search_vector(text), public.search_join(text[]) TO anon, authenticated, service_role;

CREATE INDEX businesses_search_idx ON public.businesses
  USING gin (public.search_vector(name || ' ' || category || ' ' || neighbourhood || ' ' || description));
CREATE INDEX services_search_idx ON public.services
  USING gin (public.search_vector(name || ' ' || category || ' ' || neighbourhood || ' ' || description));
CREATE INDEX drivers_search_idx ON public.drivers
  USING gin (public.search_vector(name || ' ' || vehicle_kind || ' ' || vehicle_description || ' ' || public.search_join(areas)));
CREATE INDEX sell_items_search_idx ON public.sell_items
  USING gin (public.search_vector(title || ' ' || category || ' ' || location || ' ' || description));
CREATE INDEX posts_search_idx ON public.posts USING gin (public.search_vector(content));
CREATE INDEX news_search_idx ON public.news USING gin (public.search_vector(title || ' ' || summary || ' ' || content));
