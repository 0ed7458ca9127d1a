import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDemoTownIfEmpty } from "#server/seed/seed";
import { forEachEngine } from "./db";

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-seed-"));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

// What the town holds, all in one row, so a second seed can be compared as a whole.
const CENSUS = `
  SELECT
    (SELECT count(*) FROM auth.users)::int AS auth_users,
    (SELECT count(*) FROM public.profiles)::int AS users,
    (SELECT count(*) FROM public.profiles WHERE username ~ '^[a-z0-9_]{3,20}$' AND username NOT LIKE 'user\\_%')::int AS named_users,
    (SELECT count(*) FROM public.businesses)::int AS businesses,
    (SELECT count(DISTINCT category) FROM public.businesses)::int AS business_categories,
    (SELECT count(*) FROM public.business_images)::int AS business_images,
    (SELECT count(*) FROM public.services)::int AS services,
    (SELECT count(*) FROM public.drivers)::int AS drivers,
    (SELECT count(DISTINCT vehicle_kind) FROM public.drivers)::int AS vehicle_kinds,
    (SELECT count(*) FROM public.sell_items)::int AS sell_items,
    (SELECT count(*) FROM public.posts)::int AS posts,
    (SELECT count(*) FROM public.polls)::int AS polls,
    (SELECT count(DISTINCT poll_id) FROM public.poll_votes)::int AS polls_with_votes,
    (SELECT count(*) FROM public.poll_votes)::int AS votes,
    (SELECT count(*) FROM public.news)::int AS news,
    (SELECT count(*) FROM public.notifications)::int AS notifications,
    (SELECT count(*) FROM public.comments)::int AS comments,
    (SELECT count(*) FROM public.comments WHERE parent_id IS NOT NULL)::int AS replies,
    (SELECT count(*) FROM public.posts p
      WHERE p.comment_count <> (SELECT count(*) FROM public.comments c WHERE c.post_id = p.id))::int AS miscounted,
    (SELECT max(updated_at) FROM public.profiles) AS last_profile_update`;

type Census = Record<string, number | Date>;

// The server seeds only the embedded database, but `npm run db:seed` may seed a
// PostgreSQL one, so both engines must accept the same rows.
forEachEngine((getDb, engine) => {
  let first: Census;

  it("fills an empty database with the demo town the issue describes", async () => {
    const dataDir = path.join(tmp, engine);
    expect(await seedDemoTownIfEmpty(getDb(), dataDir, { images: false })).toBe(true);
    [first] = (await getDb().query<Census>(CENSUS)) as [Census];
    expect(first).toMatchObject({ auth_users: 30, users: 30, named_users: 30 });
    expect(first.businesses).toBeGreaterThanOrEqual(60);
    expect(first.business_categories).toBe(10);
    expect(first).toMatchObject({ services: 25, drivers: 20, sell_items: 80, posts: 40, polls: 10, polls_with_votes: 10, news: 20 });
    expect(first.vehicle_kinds).toBeGreaterThanOrEqual(3);
    // Issue #30: residents answer each other under posts and news; the counters agree.
    expect(first.comments).toBeGreaterThanOrEqual(30);
    expect(first.replies).toBeGreaterThanOrEqual(5);
    expect(first.miscounted).toBe(0);
    // Without images no picture URL may point at a file that will never exist.
    const pictures = await getDb().query(
      `SELECT 1 FROM public.businesses WHERE logo_url IS NOT NULL OR cover_url IS NOT NULL
       UNION ALL SELECT 1 FROM public.business_images`,
    );
    expect(pictures).toEqual([]);
  });

  it("gives the demo businesses valid opening hours and the residents their private data", async () => {
    const [row] = await getDb().query<{ with_hours: number; objects: number; phones: number }>(`
      SELECT
        (SELECT count(*) FROM public.businesses WHERE opening_hours IS NOT NULL)::int AS with_hours,
        (SELECT count(*) FROM public.businesses WHERE jsonb_typeof(opening_hours) = 'object')::int AS objects,
        (SELECT count(*) FROM public.profile_private WHERE phone IS NOT NULL)::int AS phones`);
    expect(row!.with_hours).toBeGreaterThan(0);
    expect(row!.objects).toBe(row!.with_hours);
    expect(row!.phones).toBe(30);
  });

  it("does nothing the second time", async () => {
    expect(await seedDemoTownIfEmpty(getDb(), path.join(tmp, engine), { images: false })).toBe(false);
    expect(await getDb().query<Census>(CENSUS)).toEqual([first]);
  });
});
