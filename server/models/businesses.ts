import { isUuid } from "#core/uuid";
import type { HolidayMode, OpeningHours, SpecialDate } from "#core/business-hours";
import type { TownHoliday } from "#core/holidays";
import { BUSINESS_OPEN_AT_SQL } from "./hours-sql";
import type { Queryable } from "../db";
import { keysetPage, nameOrderPage, type PageRequest } from "./keyset";
import { ptSortKey } from "./sort";
import { RATING_SQL, TOP_RATED_SQL, type Rating } from "./reviews";

export const BUSINESSES_PAGE_SIZE = 20;

/** What a badge needs beside the week (core/business-hours.ts's BusinessCalendar). */
export type BusinessCalendarColumns = {
  holidayMode: HolidayMode;
  holidayOpensAt: string | null;
  holidayClosesAt: string | null;
  specialDates: SpecialDate[];
  /** Its turns of the duty rota that have not ended (issue #32): on duty, it is open. */
  dutyTurns: { startsAt: string; endsAt: string }[];
};

export type BusinessCard = BusinessCalendarColumns & {
  id: string;
  name: string;
  category: string;
  neighbourhood: string;
  logoUrl: string | null;
  openingHours: OpeningHours | null;
  /** Kept by the database from the visible reviews (issue #30). */
  rating: Rating;
};

export type Business = BusinessCard & {
  ownerId: string | null;
  description: string;
  address: string;
  phone: string | null;
  whatsapp: string | null;
  instagram: string | null;
  website: string | null;
  coverUrl: string | null;
  gallery: { id: string; url: string }[];
  townHolidays: TownHoliday[];
  /** The pin (issue #33): both or neither. */
  latitude: number | null;
  longitude: number | null;
};

export { OPEN_AT_SQL } from "./hours-sql";

/**
 * The state's and the town's holidays from yesterday on (the badges need them to say
 * "Fechado · feriado …"): an uncorrelated subquery, which PostgreSQL runs once per statement
 * however many rows carry it.
 */
export const TOWN_HOLIDAYS_SQL = `(SELECT coalesce(json_agg(json_build_object('day', h.day, 'name', h.name, 'scope', h.scope) ORDER BY h.day), '[]'::json)
  FROM (SELECT t.day, t.name, t.scope FROM public.town_holidays t
        WHERE t.day >= (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1 ORDER BY t.day LIMIT 40) h)`;

/** A business's holiday plan and its special dates from yesterday on, for its badge (BusinessCalendar). */
export const CALENDAR_COLUMNS = (b: string) => `${b}.holiday_mode AS "holidayMode", ${b}.holiday_opens_at AS "holidayOpensAt",
  ${b}.holiday_closes_at AS "holidayClosesAt",
  (SELECT coalesce(json_agg(json_build_object('startsOn', sd.starts_on, 'endsOn', sd.ends_on, 'open', sd.open,
            'opensAt', sd.opens_at, 'closesAt', sd.closes_at, 'note', sd.note) ORDER BY sd.starts_on, sd.id), '[]'::json)
   FROM (SELECT * FROM public.business_special_dates x
         WHERE x.business_id = ${b}.id AND x.ends_on >= (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1
         ORDER BY x.starts_on, x.id LIMIT 20) sd) AS "specialDates",
  (SELECT coalesce(json_agg(json_build_object('startsAt', to_char(dt.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
            'endsAt', to_char(dt.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY dt.starts_at), '[]'::json)
   FROM (SELECT * FROM public.duty_turns y WHERE y.business_id = ${b}.id AND y.ends_at > now() ORDER BY y.starts_at LIMIT 5) dt) AS "dutyTurns"`;

/** What a list card shows (the "perto de" lists in nearby.ts read the same). */
export const CARD_COLUMNS = `b.id, b.name, b.category, b.neighbourhood, b.logo_url AS "logoUrl", b.opening_hours AS "openingHours", ${CALENDAR_COLUMNS("b")},
  ${RATING_SQL("b")} AS rating`;

/** The category picker's counts, kept by a trigger (public.category_counts) rather than counted. */
export async function listBusinessCategories(tx: Queryable): Promise<{ category: string; count: number }[]> {
  return listCategoryCounts(tx, "businesses");
}

export async function listCategoryCounts(
  tx: Queryable,
  listing: "businesses" | "services" | "sell_items",
): Promise<{ category: string; count: number }[]> {
  return tx.query(
    `SELECT category, listings AS count FROM public.category_counts WHERE listing = $1 AND listings > 0
     ORDER BY ${ptSortKey("category")}, category`,
    [listing],
  );
}

/**
 * One page in name order, read from the name-order index from the cursor on (keyset.ts); the
 * open-now filter is checked on the rows the index walks, which stops at the page's last.
 * "4+ estrelas" (`topRated`) reads the top-rated rows' own partial index (TOP_RATED_SQL).
 */
export async function listBusinesses(
  tx: Queryable,
  options: PageRequest & { category?: string; openNow?: boolean; topRated?: boolean; now: Date },
): Promise<{ businesses: BusinessCard[]; townHolidays: TownHoliday[]; hasMore: boolean; page: number }> {
  const page = nameOrderPage("public.businesses", "b", "name", options, "$6", BUSINESSES_PAGE_SIZE, "name_sort_key");
  const rows = await tx.query<BusinessCard & { townHolidays?: TownHoliday[] }>(
    `SELECT ${CARD_COLUMNS}, ${TOWN_HOLIDAYS_SQL} AS "townHolidays"
     FROM public.businesses b
     WHERE ($1::text IS NULL OR b.category = $1)
       AND (NOT $2::boolean OR ${BUSINESS_OPEN_AT_SQL("b", "$3")})
       ${TOP_RATED_SQL("b", options.topRated)}
       AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $4 OFFSET $5`,
    [
      options.category ?? null,
      options.openNow ?? false,
      options.now.toISOString(),
      BUSINESSES_PAGE_SIZE + 1,
      page.offset,
      page.cursor,
    ],
  );
  const townHolidays = rows[0]?.townHolidays ?? [];
  const { rows: pageRows, ...rest } = keysetPage(rows, options, BUSINESSES_PAGE_SIZE);
  const businesses = pageRows.map(({ townHolidays: _shared, ...card }) => card);
  return { businesses, townHolidays, ...rest };
}

export async function getBusiness(tx: Queryable, id: string): Promise<Business | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<Business>(
    `SELECT ${CARD_COLUMNS}, b.owner_id AS "ownerId", b.description, b.address, b.phone, b.whatsapp,
            b.instagram, b.website, b.cover_url AS "coverUrl", b.latitude, b.longitude, ${TOWN_HOLIDAYS_SQL} AS "townHolidays",
            coalesce((SELECT json_agg(json_build_object('id', i.id, 'url', i.url) ORDER BY i.position, i.created_at)
                      FROM public.business_images i WHERE i.business_id = b.id), '[]'::json) AS gallery
     FROM public.businesses b WHERE b.id = $1`,
    [id],
  );
  return row ?? null;
}
