-- Issue #33: the "perto de" box is served by a B-tree on (latitude, longitude), not the GiST
-- index over point(longitude, latitude) of 20261201000600_coordinates.sql. Under Row Level
-- Security a condition may drive an index scan only if its operator is LEAKPROOF (otherwise it
-- runs after the policies, on every visible row): float8's <= and >= are, point <@ box is not.
-- EXPLAIN as anon on the 100× town showed the GiST index unused (a sequential scan of each
-- listing table); with the B-tree the latitude range bounds the scan and the longitude range
-- filters inside the index (docs/decisions/0009-coordinates-plain-columns.md).
DROP INDEX IF EXISTS public.businesses_position_idx;
DROP INDEX IF EXISTS public.services_position_idx;
DROP INDEX IF EXISTS public.drivers_position_idx;
CREATE INDEX IF NOT EXISTS businesses_latitude_longitude_idx ON public.businesses (latitude, longitude);
CREATE INDEX IF NOT EXISTS services_latitude_longitude_idx ON public.services (latitude, longitude);
CREATE INDEX IF NOT EXISTS drivers_latitude_longitude_idx ON public.drivers (latitude, longitude);
