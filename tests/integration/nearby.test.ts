import { expect, it } from "vitest";
import { ANON } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { listBusinessesNear, listDriversNear, listServicesNear } from "#server/models/nearby";
import { proposeListing, reviewProposal } from "#server/models/listing-proposals";
import { offsetBy, TOWN_CENTRE, type Position } from "#core/town-map";
import { forEachEngine } from "./db";

// Issue #33: "perto de mim" orders by distance computed in the database, from a small box
// outward. A small town box (1 km a side) with a pin at each of its poles (north, south, east,
// west), its corners and its centre: asked from each pole, and from points across the centre,
// the order is the true distance order (checked against the great-circle formula), ties by id,
// the open-now filter combines with it, and rows without a pin are left out. On PGlite and PostgreSQL.

const NOW = new Date("2026-11-24T13:30:00Z"); // a Tuesday, 10:30 in Vila Serena
const WEEK_OPEN = JSON.stringify(
  Object.fromEntries(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, { open: true, opensAt: "06:00", closesAt: "22:00" }])),
);
const WEEK_CLOSED = JSON.stringify(
  Object.fromEntries(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, { open: false }])),
);

/** The great-circle distance (haversine), an independent yardstick for the database's flat formula. */
function greatCircle(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const PINS: Record<string, [east: number, north: number]> = {
  Norte: [0, 500],
  Sul: [0, -500],
  Leste: [500, 0],
  Oeste: [-500, 0],
  Nordeste: [480, 470],
  Sudoeste: [-470, -480],
  Centro: [0, 0],
  Perto: [40, 30],
};
const place = (name: string) => offsetBy(TOWN_CENTRE, PINS[name]![0], PINS[name]![1]);

forEachEngine((getDb) => {
  const asVisitor = <T>(fn: Parameters<typeof withUser<T>>[2]) => withUser(getDb(), ANON, fn);

  it("orders a small town box by distance from each of its poles and across its centre", async () => {
    for (const [name] of Object.entries(PINS)) {
      const p = place(name);
      await getDb().query(
        `INSERT INTO public.businesses (name, category, latitude, longitude, opening_hours) VALUES ($1, 'Teste', $2, $3, $4::jsonb)`,
        [`Pino ${name}`, p.latitude, p.longitude, name === "Perto" ? WEEK_CLOSED : WEEK_OPEN],
      );
    }
    // A business with no pin is in no "perto de" list.
    await getDb().query(`INSERT INTO public.businesses (name, category) VALUES ('Sem lugar', 'Teste')`);
    const origins: Position[] = [
      ...["Norte", "Sul", "Leste", "Oeste"].map((pole) => offsetBy(place(pole), 0, 0)),
      offsetBy(TOWN_CENTRE, -120, 60),
      offsetBy(TOWN_CENTRE, 130, -90),
      // Outside the box altogether: the box widens until the page is whole.
      offsetBy(TOWN_CENTRE, 9_000, 9_000),
    ];
    for (const origin of origins) {
      const { businesses, hasMore } = await asVisitor((tx) => listBusinessesNear(tx, { origin, page: 1, category: "Teste", now: NOW }));
      // Each row's true distance, in the order the database gave: never decreasing (equal
      // distances, e.g. east and west seen from the north pole, may come in either order).
      const truth = businesses.map((b) => greatCircle(origin, place(b.name.slice("Pino ".length))));
      for (let i = 1; i < truth.length; i++) expect(truth[i]! + 0.5).toBeGreaterThanOrEqual(truth[i - 1]!);
      expect(businesses.map((b) => b.name).sort()).toEqual(Object.keys(PINS).map((name) => `Pino ${name}`).sort());
      expect(hasMore).toBe(false);
      for (const [i, b] of businesses.entries()) expect(Math.abs(b.distanceM - truth[i]!)).toBeLessThan(2 + truth[i]! * 0.002);
    }
    // "A farmácia aberta mais perto": the open-now filter combines with the order.
    const fromCentre = await asVisitor((tx) => listBusinessesNear(tx, { origin: TOWN_CENTRE, page: 1, category: "Teste", openNow: true, now: NOW }));
    expect(fromCentre.businesses[0]!.name).toBe("Pino Centro");
    expect(fromCentre.businesses.map((b) => b.name)).not.toContain("Pino Perto");
  });

  it("pages a long list without repeating or skipping a row", async () => {
    for (let i = 0; i < 45; i++) {
      const p = offsetBy(TOWN_CENTRE, 1_000 + i * 37, -800 - i * 11);
      await getDb().query(`INSERT INTO public.services (name, category, latitude, longitude) VALUES ($1, 'Teste', $2, $3)`, [`Serviço ${i}`, p.latitude, p.longitude]);
    }
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await asVisitor((tx) => listServicesNear(tx, { origin: TOWN_CENTRE, page, category: "Teste" })));
    expect(pages.map((p) => [p.services.length, p.hasMore])).toEqual([[20, true], [20, true], [5, false]]);
    const names = pages.flatMap((p) => p.services.map((s) => s.name));
    expect(names).toEqual(Array.from({ length: 45 }, (_, i) => `Serviço ${i}`));
  });

  it("carries a proposal's pin to the driver a moderator approves, and lists the driver by distance", async () => {
    const [proposer, moderator] = ["00000000-0000-4000-8000-0000000e0001", "00000000-0000-4000-8000-0000000e0002"];
    await getDb().query(
      `INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES
         ($1, 'motorista@exemplo.com.br', '{"username":"motorista_perto","full_name":"Motorista"}', now()),
         ($2, 'mod-perto@exemplo.com.br', '{"username":"mod_perto","full_name":"Moderadora"}', now())`,
      [proposer, moderator],
    );
    await getDb().query(`INSERT INTO public.user_roles (user_id, role) VALUES ($1, 'moderator')`, [moderator]);
    const base = offsetBy(TOWN_CENTRE, 300, 200);
    const id = await withUser(getDb(), { role: "authenticated", sub: proposer }, (tx) =>
      proposeListing(tx, proposer, { kind: "driver", name: "Zé do Frete Perto", category: "frete", description: "", address: "", neighbourhood: "Centro", phone: null, whatsapp: null, position: base }),
    );
    await withUser(getDb(), { role: "authenticated", sub: moderator }, (tx) => reviewProposal(tx, id, true, ""));
    const { drivers } = await asVisitor((tx) => listDriversNear(tx, { origin: base, page: 1, filter: "frete", now: NOW }));
    expect(drivers[0]).toMatchObject({ name: "Zé do Frete Perto", distanceM: 0 });
  });
});
