-- Hours past midnight (issue #32): a day's closing time earlier than its opening time closes on
-- the next calendar day (18:00–02:00). The open-now rule itself lives in the statements that
-- read it (OPEN_AT_SQL and the home's count over public.opening_spans, server/models/), which
-- need no schema change: a span row (weekday, '18:00', '02:00') already says it all.
-- What this adds is the database's half of "a schedule that makes no sense is refused": a day
-- that opens and closes at the same minute, or that opens before the previous day's hours past
-- midnight have ended (the two spans would overlap and the town's open count would count the
-- business twice). The app's form says the same in Portuguese first (scheduleProblems,
-- app/lib/business-hours.ts); this stops a direct database API write.
-- A trigger, not a CHECK: a CHECK would be evaluated on any later update of an existing row,
-- so a row written before this rule could no longer be moderated; the trigger looks only at
-- hours being written. Idempotent: it may be applied again over itself.

CREATE OR REPLACE FUNCTION public.is_sensible_week_hours(hours jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT hours IS NULL OR pg_catalog.jsonb_typeof(hours) <> 'object' OR NOT EXISTS (
    SELECT 1
    FROM (VALUES ('sunday', 'saturday'), ('monday', 'sunday'), ('tuesday', 'monday'), ('wednesday', 'tuesday'),
                 ('thursday', 'wednesday'), ('friday', 'thursday'), ('saturday', 'friday')) AS w (day, previous),
         LATERAL (SELECT hours -> w.day AS d, hours -> w.previous AS p) AS x
    WHERE pg_catalog.jsonb_typeof(x.d) = 'object' AND x.d -> 'open' = 'true'::jsonb
      AND ((x.d ->> 'opensAt') = (x.d ->> 'closesAt')
        OR (pg_catalog.jsonb_typeof(x.p) = 'object' AND x.p -> 'open' = 'true'::jsonb
            AND (x.p ->> 'closesAt') < (x.p ->> 'opensAt')
            AND (x.d ->> 'opensAt') < (x.p ->> 'closesAt')))
  )
$$;

-- TG_ARGV[0] names the hours column (businesses.opening_hours, drivers.working_hours).
CREATE OR REPLACE FUNCTION public.refuse_nonsense_hours() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NOT public.is_sensible_week_hours(pg_catalog.to_jsonb(NEW) -> TG_ARGV[0]) THEN
    RAISE EXCEPTION 'hours that make no sense: a day opening and closing at the same minute, or opening before the previous night ends'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
REVOKE ALL ON FUNCTION public.refuse_nonsense_hours() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS businesses_sensible_hours ON public.businesses;
CREATE TRIGGER businesses_sensible_hours BEFORE INSERT OR UPDATE OF opening_hours ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.refuse_nonsense_hours('opening_hours');
DROP TRIGGER IF EXISTS drivers_sensible_hours ON public.drivers;
CREATE TRIGGER drivers_sensible_hours BEFORE INSERT OR UPDATE OF working_hours ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.refuse_nonsense_hours('working_hours');
