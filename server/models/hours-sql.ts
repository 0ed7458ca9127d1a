/**
 * The open-now rule in SQL (docs/hours.md), for filtering, paginating and counting in the
 * database. Each must agree with openStatus (core/business-hours.ts); tests compare them at
 * every boundary (tests/integration/hours-past-midnight.test.ts, holidays.test.ts).
 * Weekday names come from 'FMDay' (English whatever the locale); the wall clock is the tz
 * database's America/Sao_Paulo, never a fixed offset.
 */

const CLOCK = (instant: string) => `(${instant}::timestamptz AT TIME ZONE 'America/Sao_Paulo')`;
const HHMI = "to_char(clock.t, 'HH24:MI')";

/**
 * Open at clock.t by today's hours `d` (from opensAt, before closesAt unless that closes on the
 * next day) or by yesterday's `y` when they close on the next day and HH:MI is before then.
 * Equal times are never open.
 */
const OPEN_RULE = (d: string, y: string) => `coalesce(
    ((${d} -> 'open') = 'true'::jsonb
      AND ${d} ->> 'opensAt' <> ${d} ->> 'closesAt'
      AND ${HHMI} >= ${d} ->> 'opensAt'
      AND (${HHMI} < ${d} ->> 'closesAt' OR ${d} ->> 'closesAt' < ${d} ->> 'opensAt'))
    OR ((${y} -> 'open') = 'true'::jsonb
      AND ${y} ->> 'closesAt' < ${y} ->> 'opensAt'
      AND ${HHMI} < ${y} ->> 'closesAt'),
    false)`;

/** The week's rule alone (drivers' working hours; no holidays). */
export const OPEN_AT_SQL = (hoursColumn: string, instantParam: string) => `(
  WITH clock AS (SELECT ${CLOCK(instantParam)} AS t)
  SELECT ${OPEN_RULE("d", "y")}
  FROM clock, LATERAL (
    SELECT ${hoursColumn} -> lower(to_char(clock.t, 'FMDay')) AS d,
           ${hoursColumn} -> lower(to_char(clock.t - interval '1 day', 'FMDay')) AS y
  ) AS days
)`;

/**
 * Business `b`'s hours on the date `day` (jsonb), resolved as hoursOn does: its special date
 * (the earliest starting, as the app reads them in that order), else on a holiday closed, the
 * week's or the holiday hours, else the week's.
 */
const BUSINESS_DAY = (b: string, day: string) => `coalesce(
    (SELECT jsonb_build_object('open', sd.open, 'opensAt', sd.opens_at, 'closesAt', sd.closes_at)
     FROM public.business_special_dates sd
     WHERE sd.business_id = ${b}.id AND sd.starts_on <= ${day} AND sd.ends_on >= ${day}
     ORDER BY sd.starts_on, sd.id LIMIT 1),
    CASE WHEN ${b}.holiday_mode = 'normal' OR public.holiday_on(${day}) IS NULL THEN ${b}.opening_hours -> lower(to_char(${day}, 'FMDay'))
         WHEN ${b}.holiday_mode = 'special' THEN jsonb_build_object('open', true, 'opensAt', ${b}.holiday_opens_at, 'closesAt', ${b}.holiday_closes_at)
         ELSE '{"open": false}'::jsonb END)`;

/** A turn of the duty rota covering the instant (issue #32). */
const ON_DUTY = (businessId: string, instantParam: string) =>
  `EXISTS (SELECT 1 FROM public.duty_turns dt WHERE dt.business_id = ${businessId} AND dt.starts_at <= ${instantParam}::timestamptz AND dt.ends_at > ${instantParam}::timestamptz)`;

/** The whole rule for a business row `b`: week, holidays and special dates — and a pharmacy on duty is open whatever they say. */
export const BUSINESS_OPEN_AT_SQL = (b: string, instantParam: string) => `((
  WITH clock AS (SELECT ${CLOCK(instantParam)} AS t)
  SELECT ${OPEN_RULE("d", "y")}
  FROM clock, LATERAL (SELECT ${BUSINESS_DAY(b, "clock.t::date")} AS d, ${BUSINESS_DAY(b, "(clock.t::date - 1)")} AS y) AS days
) OR ${ON_DUTY(`${b}.id`, instantParam)})`;

/**
 * How many visible businesses are open at the instant: a sum over the kept spans
 * (public.opening_spans, one row per weekday, pair of times and holiday mode) by the week's
 * rule — on a holiday only the spans of businesses keeping their normal hours —, corrected for
 * the few businesses the spans cannot answer for: those with holiday hours on a holiday, and
 * those with a special date today or yesterday (their exact answer minus what the spans
 * counted), and the pharmacies on duty (issue #32). Never a count over every business.
 */
export const OPEN_COUNT_SQL = (instantParam: string) => `(
  WITH clock AS (
    SELECT c.t, public.holiday_on(c.t::date) IS NOT NULL AS h0, public.holiday_on(c.t::date - 1) IS NOT NULL AS h1
    FROM (SELECT ${CLOCK(instantParam)} AS t) c
  )
  SELECT (
    SELECT coalesce(sum(s.businesses), 0)::int FROM public.opening_spans s, clock
    WHERE (s.weekday = lower(to_char(clock.t, 'FMDay')) AND (NOT clock.h0 OR s.holiday_mode = 'normal')
           AND s.opens_at <> s.closes_at AND s.opens_at <= ${HHMI}
           AND (${HHMI} < s.closes_at OR s.closes_at < s.opens_at))
       OR (s.weekday = lower(to_char(clock.t - interval '1 day', 'FMDay')) AND (NOT clock.h1 OR s.holiday_mode = 'normal')
           AND s.closes_at < s.opens_at AND ${HHMI} < s.closes_at)
  ) + (
    SELECT coalesce(sum(${BUSINESS_OPEN_AT_SQL("b", instantParam)}::int - ${OPEN_RULE("base.base_d", "base.base_y")}::int), 0)::int
    -- Driven from the few exceptions (special holiday plans on a holiday, special dates near
    -- today, pharmacies on duty), then each business by its key: as "b.id IN (…)" the planner read every business
    -- of the 100× town once per home page (tests/integration/city-plans.test.ts).
    FROM clock
      CROSS JOIN LATERAL (
        SELECT x.id FROM public.businesses x WHERE (clock.h0 OR clock.h1) AND x.holiday_mode = 'special'
        UNION
        SELECT sd.business_id FROM public.business_special_dates sd WHERE sd.ends_on >= clock.t::date - 1 AND sd.starts_on <= clock.t::date
        UNION
        -- The pharmacies on duty (issue #32): duty_turns_by_end finds the turns not yet over.
        SELECT dt.business_id FROM public.duty_turns dt WHERE dt.ends_at > ${instantParam}::timestamptz AND dt.starts_at <= ${instantParam}::timestamptz
      ) AS exception (id)
      JOIN public.businesses b ON b.id = exception.id
      CROSS JOIN LATERAL (
        SELECT CASE WHEN clock.h0 AND b.holiday_mode <> 'normal' THEN NULL ELSE b.opening_hours -> lower(to_char(clock.t, 'FMDay')) END AS base_d,
               CASE WHEN clock.h1 AND b.holiday_mode <> 'normal' THEN NULL ELSE b.opening_hours -> lower(to_char(clock.t - interval '1 day', 'FMDay')) END AS base_y
      ) AS base
    WHERE b.moderation_state = 'visible'
  )
)`;
