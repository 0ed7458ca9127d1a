import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dutyBadge, onDuty, townMoment } from "#core/duty";
import { parseRota, townInstant } from "#server/models/duty-rota";
import { demoRota } from "#server/seed/seed-data";

// Issue #32: the duty pharmacy. Instants are written in UTC; Vila Serena's clock is UTC−3
// today (no daylight saving since 2019) and was UTC−2 in the summer of 2018.
const at = (iso: string) => new Date(iso);
// A 24 h turn from 08:00 Friday 27 November 2026 to 08:00 Saturday, on the town's clock.
const turn = { startsAt: "2026-11-27T11:00:00.000Z", endsAt: "2026-11-28T11:00:00.000Z" };

describe("a duty turn's start and end", () => {
  it("is on duty from its first minute up to, not including, its last", () => {
    expect(onDuty(turn, at("2026-11-27T10:59:59.999Z"))).toBe(false); // 07:59:59 Friday
    expect(onDuty(turn, at("2026-11-27T11:00:00Z"))).toBe(true); // 08:00 Friday
    expect(onDuty(turn, at("2026-11-28T02:59:00Z"))).toBe(true); // 23:59 Friday
    expect(onDuty(turn, at("2026-11-28T03:00:00Z"))).toBe(true); // midnight, Saturday
    expect(onDuty(turn, at("2026-11-28T10:59:00Z"))).toBe(true); // 07:59 Saturday
    expect(onDuty(turn, at("2026-11-28T11:00:00Z"))).toBe(false); // 08:00 Saturday: the next pharmacy's
  });

  it("says the pharmacy is open until the turn ends, whatever its hours: today, tomorrow, or a date", () => {
    expect(dutyBadge([turn], at("2026-11-27T11:00:00Z"))).toBe("Aberto · plantão até amanhã às 8:00");
    // After midnight the end is the same day.
    expect(dutyBadge([turn], at("2026-11-28T03:30:00Z"))).toBe("Aberto · plantão até 8:00");
    expect(dutyBadge([turn], at("2026-11-28T11:00:00Z"))).toBeNull();
    expect(dutyBadge([turn], at("2026-11-27T10:59:00Z"))).toBeNull();
    const weekend = { startsAt: "2026-11-27T11:00:00.000Z", endsAt: "2026-11-30T11:00:00.000Z" };
    expect(dutyBadge([turn, weekend], at("2026-11-27T12:00:00Z"))).toBe("Aberto · plantão até 30/11 às 8:00");
    expect(townMoment(turn.startsAt, at("2026-11-26T20:00:00Z"))).toBe("amanhã às 8:00");
  });
});

describe("the rota's times on the town's clock", () => {
  it("follows the tz database: UTC−3 now, UTC−2 in the summer of 2018, never a fixed offset", () => {
    expect(townInstant("2026-12-05 08:00")).toBe("2026-12-05T11:00:00.000Z");
    expect(townInstant("05/12/2026 08:00")).toBe("2026-12-05T11:00:00.000Z");
    expect(townInstant("2018-01-10 08:00")).toBe("2018-01-10T10:00:00.000Z");
    expect(townInstant("2018-07-10 08:00")).toBe("2018-07-10T11:00:00.000Z");
  });

  it("refuses a moment that does not exist or is not written as one", () => {
    for (const text of ["2026-02-30 08:00", "31/04/2026 08:00", "2026-12-05 24:00", "2026-12-05", "amanhã 8h", ""]) {
      expect(townInstant(text), text).toBeNull();
    }
  });

  it("gives the demo town a 24 h turn from 08:00 every day, the pharmacies in turn, from yesterday on", () => {
    const rota = demoRota("2026-11-27");
    expect(rota[0]).toEqual({ name: "Farmácia Bom Jesus", start: "2026-11-26 08:00", end: "2026-11-27 08:00" });
    expect(rota[1]).toEqual({ name: "Drogaria Popular Vila Serena", start: "2026-11-27 08:00", end: "2026-11-28 08:00" });
    for (const [i, t] of rota.entries()) if (i > 0) expect(t.start).toBe(rota[i - 1]!.end);
  });
});

describe("the rota as a CSV", () => {
  const pharmacies = [
    { id: "7d3f6a52-8a6e-4c8e-9d0a-2f7b1c3e4a51", name: "Farmácia Bom Jesus" },
    { id: "0b5e2c1d-3f4a-4b6c-8d9e-1a2b3c4d5e6f", name: "Drogaria Saúde & Vida" },
  ];

  it("reads every turn, by exact name (accents and case aside) or listing id, with commas or semicolons", () => {
    const csv = "farmacia,inicio,fim\nFarmácia Bom Jesus,05/12/2026 08:00,06/12/2026 08:00\n\"Drogaria Saúde & Vida\",2026-12-06 08:00,2026-12-07 08:00\n";
    expect(parseRota(csv, pharmacies)).toEqual({
      ok: true,
      turns: [
        { businessId: pharmacies[0]!.id, startsAt: "2026-12-05T11:00:00.000Z", endsAt: "2026-12-06T11:00:00.000Z" },
        { businessId: pharmacies[1]!.id, startsAt: "2026-12-06T11:00:00.000Z", endsAt: "2026-12-07T11:00:00.000Z" },
      ],
    });
    const semicolons = `\uFEFFFarmácia;Início;Fim\r\nfarmacia bom jesus;05/12/2026 08:00;06/12/2026 08:00\r\n${pharmacies[1]!.id};06/12/2026 08:00;07/12/2026 08:00\r\n`;
    expect(parseRota(semicolons, pharmacies)).toMatchObject({ ok: true, turns: [{ businessId: pharmacies[0]!.id }, { businessId: pharmacies[1]!.id }] });
  });

  it("names every bad line and takes none of the file", () => {
    const csv = [
      "farmacia,inicio,fim",
      "Farmácia Bom Jesus,05/12/2026 08:00,06/12/2026 08:00",
      "Farmácia Inexistente,06/12/2026 08:00,07/12/2026 08:00",
      "Farmácia Bom Jesus,31/02/2026 08:00,01/03/2026 08:00",
      "Farmácia Bom Jesus,07/12/2026 08:00,06/12/2026 08:00",
      "Farmácia Bom Jesus,07/12/2026 08:00",
      "Farmácia Bom Jesus,07/12/2026 08:00,20/12/2026 08:00",
    ].join("\n");
    expect(parseRota(csv, pharmacies)).toEqual({
      ok: false,
      problems: [
        "Linha 3: “Farmácia Inexistente” não é uma farmácia do guia (use o nome exato ou o id).",
        "Linha 4: início “31/02/2026 08:00” não é uma data e hora, como 05/12/2026 08:00.",
        "Linha 5: o fim vem antes do início.",
        "Linha 6: são 3 colunas (farmácia, início, fim); esta tem 2.",
        "Linha 7: um plantão dura no máximo 7 dias.",
      ],
    });
  });

  it("refuses a file without the header or without turns", () => {
    expect(parseRota("", pharmacies)).toMatchObject({ ok: false, problems: [expect.stringContaining("vazio")] });
    expect(parseRota("nome,de,ate\nFarmácia Bom Jesus,05/12/2026 08:00,06/12/2026 08:00", pharmacies)).toEqual({
      ok: false,
      problems: ["Linha 1: o cabeçalho deve ser farmacia,inicio,fim."],
    });
  });

  it("reads the documented example file (docs/examples/rodizio-farmacias.csv) against the demo town's pharmacies", () => {
    const text = fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/examples/rodizio-farmacias.csv"), "utf8");
    const names = ["Farmácia Bom Jesus", "Drogaria Popular Vila Serena", "Drogaria Saúde & Vida", "Farmácia São Benedito"];
    const result = parseRota(text, names.map((name, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, name })));
    expect(result).toMatchObject({ ok: true, turns: { length: 4 } });
  });
});
