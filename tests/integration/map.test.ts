import { expect, it } from "vitest";
import { ANON } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { listMapPins } from "#server/models/map";
import { offsetBy, TOWN_CENTRE } from "#core/town-map";
import { forEachEngine } from "./db";

// Issue #33: /mapa's pins. Every visible listing with a position, with its open state at `now`
// (a business by its hours, a driver by their working hours, a service has none) and its
// distance from the town centre, both from the database; filters by kind, category and open
// now; a listing with no position or hidden by a moderator is on no map. PGlite and PostgreSQL.

const NOW = new Date("2026-11-24T13:30:00Z"); // a Tuesday, 10:30 in Vila Serena
const week = (open: boolean) =>
  JSON.stringify(
    Object.fromEntries(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [d, open ? { open: true, opensAt: "06:00", closesAt: "22:00" } : { open: false }])),
  );

forEachEngine((getDb) => {
  const asVisitor = <T>(fn: Parameters<typeof withUser<T>>[2]) => withUser(getDb(), ANON, fn);

  it("shows each kind's pins with their open state, nearest the centre first, and filters them", async () => {
    const at = (east: number, north: number) => offsetBy(TOWN_CENTRE, east, north);
    const rows: [string, string, { latitude: number; longitude: number } | null, boolean, string][] = [
      ["Mapa Aberta", "Mapa Teste", at(100, 0), true, "visible"],
      ["Mapa Fechada", "Mapa Teste", at(0, 2_000), false, "visible"],
      ["Mapa Outra", "Mapa Outra", at(300, 300), true, "visible"],
      ["Mapa Sem Lugar", "Mapa Teste", null, true, "visible"],
      ["Mapa Escondida", "Mapa Teste", at(50, 50), true, "hidden"],
    ];
    for (const [name, category, p, open, state] of rows) {
      await getDb().query(
        `INSERT INTO public.businesses (name, category, latitude, longitude, opening_hours, moderation_state) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
        [name, category, p?.latitude ?? null, p?.longitude ?? null, week(open), state],
      );
    }
    const service = at(-500, 0);
    await getDb().query(`INSERT INTO public.services (name, category, latitude, longitude) VALUES ('Mapa Serviço', 'Mapa Teste', $1, $2)`, [service.latitude, service.longitude]);
    const base = at(0, -700);
    await getDb().query(
      `INSERT INTO public.drivers (name, vehicle_kind, bio, areas, latitude, longitude, working_hours) VALUES ('Mapa Motorista', 'moto', '', '{Centro}', $1, $2, $3::jsonb)`,
      [base.latitude, base.longitude, week(true)],
    );

    const all = await asVisitor((tx) => listMapPins(tx, { kinds: ["negocios", "servicos", "motoristas"], now: NOW }));
    const ours = all.filter((p) => p.name.startsWith("Mapa "));
    expect(ours.map((p) => [p.kind, p.name, p.open])).toEqual([
      ["negocios", "Mapa Aberta", true],
      ["negocios", "Mapa Outra", true],
      ["negocios", "Mapa Fechada", false],
      ["servicos", "Mapa Serviço", null],
      ["motoristas", "Mapa Motorista", true],
    ]);
    const metres = Object.fromEntries(ours.map((p) => [p.name, p.distanceM]));
    expect(metres["Mapa Aberta"]).toBeGreaterThanOrEqual(99);
    expect(metres["Mapa Aberta"]).toBeLessThanOrEqual(101);
    expect(Math.abs(metres["Mapa Fechada"]! - 2_000)).toBeLessThan(5);
    expect(Math.abs(metres["Mapa Motorista"]! - 700)).toBeLessThan(3);

    const category = await asVisitor((tx) => listMapPins(tx, { kinds: ["negocios", "servicos", "motoristas"], category: "Mapa Teste", now: NOW }));
    expect(category.map((p) => p.name)).toEqual(["Mapa Aberta", "Mapa Fechada", "Mapa Serviço"]);
    const open = await asVisitor((tx) => listMapPins(tx, { kinds: ["negocios", "servicos"], category: "Mapa Teste", openNow: true, now: NOW }));
    expect(open.map((p) => p.name)).toEqual(["Mapa Aberta"]);
    const drivers = await asVisitor((tx) => listMapPins(tx, { kinds: ["motoristas"], category: "moto", now: NOW }));
    expect(drivers.map((p) => p.name)).toContain("Mapa Motorista");
    expect(drivers.every((p) => p.kind === "motoristas" && p.category === "moto")).toBe(true);
  });
});
