-- Holidays (issue #32). Brazil's national holidays by rule (public.national_holiday, the twin
-- of core/holidays.ts: a test compares them year by year), the state's and the town's own
-- configured by an admin (public.town_holidays), what each business does on a holiday
-- (businesses.holiday_mode and its special hours) and a business's own special dates
-- (public.business_special_dates: vacation, open on a Sunday). The open-now readers
-- (server/models/hours-sql.ts) resolve a date's hours in that order: a special date of the
-- business, else a holiday (closed, the normal weekday's hours, or the holiday hours), else
-- the week. docs/hours.md explains the model. Idempotent: it may be applied again over itself.

-- ---------------------------------------------------------------- national holidays by rule
-- Fixed: 1 Jan, 21 Apr, 1 May, 7 Sep, 12 Oct, 2 Nov, 15 Nov, 20 Nov (Lei 14.759/2023: from
-- 2024), 25 Dec; Sexta-feira Santa two days before Easter (the Gregorian computus). Carnaval
-- and Corpus Christi are pontos facultativos, not holidays: a business may close, the
-- calendar does not assume it.
CREATE OR REPLACE FUNCTION public.national_holiday(d date) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
DECLARE
  y int := extract(year FROM d)::int;
  a int; b int; c int; k int; e int; f int; g int; h int; i int; l int; m int; n int;
BEGIN
  CASE to_char(d, 'MM-DD')
    WHEN '01-01' THEN RETURN 'Confraternização Universal';
    WHEN '04-21' THEN RETURN 'Tiradentes';
    WHEN '05-01' THEN RETURN 'Dia do Trabalho';
    WHEN '09-07' THEN RETURN 'Independência do Brasil';
    WHEN '10-12' THEN RETURN 'Nossa Senhora Aparecida';
    WHEN '11-02' THEN RETURN 'Finados';
    WHEN '11-15' THEN RETURN 'Proclamação da República';
    WHEN '11-20' THEN IF y >= 2024 THEN RETURN 'Consciência Negra'; END IF;
    WHEN '12-25' THEN RETURN 'Natal';
    ELSE NULL;
  END CASE;
  a := y % 19; b := y / 100; c := y % 100; k := b / 4; e := b % 4;
  f := (b + 8) / 25; g := (b - f + 1) / 3; h := (19 * a + b - k - g + 15) % 30;
  i := c / 4; l := (32 + 2 * e + 2 * i - h - (c % 4)) % 7; m := (a + 11 * h + 22 * l) / 451;
  n := h + l - 7 * m + 114;
  IF d = make_date(y, n / 31, n % 31 + 1) - 2 THEN RETURN 'Sexta-feira Santa'; END IF;
  RETURN NULL;
END $$;

-- ---------------------------------------------------------------- the state's and the town's
CREATE TABLE IF NOT EXISTS public.town_holidays (
  day date PRIMARY KEY,
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 3 AND 80),
  scope text NOT NULL CHECK (scope IN ('estadual', 'municipal')),
  created_by uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE public.town_holidays ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS town_holidays_read ON public.town_holidays;
CREATE POLICY town_holidays_read ON public.town_holidays FOR SELECT USING (true);
REVOKE ALL ON public.town_holidays FROM anon, authenticated;
GRANT SELECT ON public.town_holidays TO anon, authenticated;
GRANT ALL ON public.town_holidays TO service_role;

-- The holiday on a date, national or the town's; NULL on an ordinary day.
CREATE OR REPLACE FUNCTION public.holiday_on(d date) RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT coalesce(public.national_holiday(d), (SELECT t.name FROM public.town_holidays t WHERE t.day = d))
$$;

-- Admins write through these (as moderators act through moderate()): the database checks the
-- role, whoever calls. A national holiday's date is refused: it is already one.
CREATE OR REPLACE FUNCTION public.set_town_holiday(day date, name text, scope text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF auth.uid() IS NULL OR NOT public.is_admin() THEN
    RAISE EXCEPTION 'only admins may do this' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF public.national_holiday(set_town_holiday.day) IS NOT NULL THEN
    RAISE EXCEPTION 'already a national holiday' USING ERRCODE = 'unique_violation', CONSTRAINT = 'town_holidays_national';
  END IF;
  INSERT INTO public.town_holidays (day, name, scope, created_by)
  VALUES (set_town_holiday.day, btrim(set_town_holiday.name), set_town_holiday.scope, auth.uid())
  ON CONFLICT ON CONSTRAINT town_holidays_pkey DO UPDATE SET name = EXCLUDED.name, scope = EXCLUDED.scope, created_by = EXCLUDED.created_by;
END $$;

CREATE OR REPLACE FUNCTION public.remove_town_holiday(day date) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF auth.uid() IS NULL OR NOT public.is_admin() THEN
    RAISE EXCEPTION 'only admins may do this' USING ERRCODE = 'insufficient_privilege';
  END IF;
  DELETE FROM public.town_holidays t WHERE t.day = remove_town_holiday.day;
  RETURN FOUND;
END $$;
REVOKE ALL ON FUNCTION public.set_town_holiday(date, text, text), public.remove_town_holiday(date) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.set_town_holiday(date, text, text), public.remove_town_holiday(date) TO authenticated;

-- ---------------------------------------------------------------- what a business does on holidays
ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS holiday_mode text NOT NULL DEFAULT 'closed';
ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS holiday_opens_at text;
ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS holiday_closes_at text;
ALTER TABLE public.businesses DROP CONSTRAINT IF EXISTS businesses_holiday_hours;
ALTER TABLE public.businesses ADD CONSTRAINT businesses_holiday_hours CHECK (
  holiday_mode IN ('closed', 'normal', 'special')
  AND (holiday_opens_at IS NULL OR holiday_opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
  AND (holiday_closes_at IS NULL OR holiday_closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
  AND (holiday_mode <> 'special' OR (holiday_opens_at IS NOT NULL AND holiday_closes_at IS NOT NULL AND holiday_opens_at <> holiday_closes_at))
);
GRANT UPDATE (holiday_mode, holiday_opens_at, holiday_closes_at) ON public.businesses TO authenticated;

-- ---------------------------------------------------------------- a business's special dates
CREATE TABLE IF NOT EXISTS public.business_special_dates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES public.businesses (id) ON DELETE CASCADE,
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  open boolean NOT NULL,
  opens_at text CHECK (opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  closes_at text CHECK (closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 80),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT business_special_dates_order CHECK (ends_on >= starts_on AND ends_on - starts_on <= 366),
  CONSTRAINT business_special_dates_hours CHECK (
    (open AND opens_at IS NOT NULL AND closes_at IS NOT NULL AND opens_at <> closes_at)
    OR (NOT open AND opens_at IS NULL AND closes_at IS NULL))
);
CREATE INDEX IF NOT EXISTS business_special_dates_business_idx ON public.business_special_dates (business_id, starts_on);
-- The home's count looks up the few special dates around today.
CREATE INDEX IF NOT EXISTS business_special_dates_ends_idx ON public.business_special_dates (ends_on, starts_on);
ALTER TABLE public.business_special_dates ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS business_special_dates_read ON public.business_special_dates;
CREATE POLICY business_special_dates_read ON public.business_special_dates FOR SELECT USING (true);
DROP POLICY IF EXISTS business_special_dates_insert_own ON public.business_special_dates;
CREATE POLICY business_special_dates_insert_own ON public.business_special_dates FOR INSERT TO authenticated
  WITH CHECK (EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id = auth.uid()));
DROP POLICY IF EXISTS business_special_dates_delete_own ON public.business_special_dates;
CREATE POLICY business_special_dates_delete_own ON public.business_special_dates FOR DELETE TO authenticated
  USING (EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id = auth.uid()));
-- A blocked resident adds nothing (as on every table residents write: 20261125000300_moderation.sql).
DROP POLICY IF EXISTS business_special_dates_not_blocked_insert ON public.business_special_dates;
CREATE POLICY business_special_dates_not_blocked_insert ON public.business_special_dates AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (NOT (SELECT public.is_blocked()));
REVOKE ALL ON public.business_special_dates FROM anon, authenticated;
GRANT SELECT ON public.business_special_dates TO anon, authenticated;
GRANT INSERT (business_id, starts_on, ends_on, open, opens_at, closes_at, note), DELETE ON public.business_special_dates TO authenticated;
GRANT ALL ON public.business_special_dates TO service_role;

-- ---------------------------------------------------------------- the kept spans know the holiday mode
-- On a holiday only the businesses keeping their normal hours count from the spans; the
-- others (closed: none; special hours: a few) are read from the businesses themselves.
ALTER TABLE public.opening_spans ADD COLUMN IF NOT EXISTS holiday_mode text NOT NULL DEFAULT 'normal';
ALTER TABLE public.opening_spans DROP CONSTRAINT IF EXISTS opening_spans_pkey;
ALTER TABLE public.opening_spans ADD CONSTRAINT opening_spans_pkey PRIMARY KEY (weekday, opens_at, closes_at, holiday_mode);

CREATE OR REPLACE FUNCTION public.count_opening_spans() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.moderation_state = 'visible' THEN
    UPDATE public.opening_spans s SET businesses = s.businesses - 1
    FROM public.opening_spans_of(OLD.opening_hours) o
    WHERE s.weekday = o.weekday AND s.opens_at = o.opens_at AND s.closes_at = o.closes_at AND s.holiday_mode = OLD.holiday_mode;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.moderation_state = 'visible' THEN
    INSERT INTO public.opening_spans AS s (weekday, opens_at, closes_at, holiday_mode, businesses)
    SELECT o.weekday, o.opens_at, o.closes_at, NEW.holiday_mode, 1 FROM public.opening_spans_of(NEW.opening_hours) o
    ON CONFLICT (weekday, opens_at, closes_at, holiday_mode) DO UPDATE SET businesses = s.businesses + 1;
  END IF;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION public.count_opening_spans() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS businesses_count_opening_spans ON public.businesses;
CREATE TRIGGER businesses_count_opening_spans AFTER INSERT OR DELETE OR UPDATE OF opening_hours, moderation_state, holiday_mode ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.count_opening_spans();

DELETE FROM public.opening_spans;
INSERT INTO public.opening_spans (weekday, opens_at, closes_at, holiday_mode, businesses)
SELECT o.weekday, o.opens_at, o.closes_at, b.holiday_mode, count(*)::int
FROM public.businesses b, public.opening_spans_of(b.opening_hours) o
WHERE b.moderation_state = 'visible'
GROUP BY 1, 2, 3, 4;

-- ---------------------------------------------------------------- the change channel
-- A town holiday changes every business's status that day; a special date one business's.
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.town_holidays
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('holiday', '');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.business_special_dates
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('business', 'business_id');
-- Businesses with holiday hours: the home's count reads them on a holiday.
CREATE INDEX IF NOT EXISTS businesses_holiday_special_idx ON public.businesses (id) WHERE holiday_mode = 'special';
