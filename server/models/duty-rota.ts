import { fromZonedTime } from "date-fns-tz";
import { BUSINESS_TIME_ZONE } from "#core/business-hours";

/**
 * The duty rota as a CSV (issue #32): a header line, then one turn per line —
 * `farmacia,inicio,fim` — the pharmacy by its listing id or exact name, start and end as
 * "2026-12-05 08:00" or "05/12/2026 08:00" on the town's clock (America/Sao_Paulo, read from
 * the tz database: never a fixed −03:00). Commas or semicolons (a spreadsheet saved in
 * Portuguese uses ';'); quotes around a field that holds one. Every bad line is reported
 * with its number and nothing is taken from a file with one: docs/duty-pharmacy.md.
 */

export type Pharmacy = { id: string; name: string };
export type RotaTurn = { businessId: string; startsAt: string; endsAt: string };
export type RotaResult = { ok: true; turns: RotaTurn[] } | { ok: false; problems: string[] };

/** Longest turn accepted: a week (a line ending a year later is a typo). The database says so too. */
export const MAX_TURN_HOURS = 24 * 7;
const MAX_LINES = 1000;

function splitLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (c === separator) {
      fields.push(field.trim());
      field = "";
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

/** "2026-12-05 08:00" or "05/12/2026 08:00" on the town's clock → an ISO instant; null when no such moment. */
export function townInstant(text: string): string | null {
  const m = /^(?:(\d{4})-(\d{2})-(\d{2})|(\d{2})\/(\d{2})\/(\d{4}))[ T]([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = m[1] ? [m[1], m[2], m[3]] : [m[6], m[5], m[4]];
  const date = `${year}-${month}-${day}`;
  const check = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== date) return null;
  return fromZonedTime(`${date}T${m[7]}:${m[8]}:00`, BUSINESS_TIME_ZONE).toISOString();
}

const HEADER = ["farmacia", "inicio", "fim"];
const plain = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/** Reads a whole rota: every turn, or every problem ("Linha 3: …"), never part of it. */
export function parseRota(text: string, pharmacies: readonly Pharmacy[]): RotaResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  while (lines.length && (lines[lines.length - 1] ?? "").trim() === "") lines.pop();
  if (lines.length < 2) return { ok: false, problems: ["O arquivo está vazio: envie o cabeçalho farmacia,inicio,fim e uma linha por plantão."] };
  if (lines.length - 1 > MAX_LINES) return { ok: false, problems: [`Envie no máximo ${MAX_LINES} plantões por arquivo.`] };
  const first = lines[0] ?? "";
  const separator = first.includes(";") ? ";" : ",";
  const header = splitLine(first, separator).map(plain);
  if (header.length !== 3 || header.some((h, i) => h !== HEADER[i])) {
    return { ok: false, problems: [`Linha 1: o cabeçalho deve ser farmacia${separator}inicio${separator}fim.`] };
  }
  const byId = new Map(pharmacies.map((p) => [p.id, p]));
  const byName = new Map(pharmacies.map((p) => [plain(p.name), p]));
  const turns: RotaTurn[] = [];
  const problems: string[] = [];
  lines.slice(1).forEach((line, index) => {
    const n = index + 2;
    if (line.trim() === "") return;
    const fields = splitLine(line, separator);
    if (fields.length !== 3) return void problems.push(`Linha ${n}: são 3 colunas (farmácia, início, fim); esta tem ${fields.length}.`);
    const [who = "", start = "", end = ""] = fields;
    const pharmacy = byId.get(who.toLowerCase()) ?? byName.get(plain(who));
    if (!pharmacy) return void problems.push(`Linha ${n}: “${who.slice(0, 80)}” não é uma farmácia do guia (use o nome exato ou o id).`);
    const startsAt = townInstant(start);
    const endsAt = townInstant(end);
    if (!startsAt) return void problems.push(`Linha ${n}: início “${start.slice(0, 40)}” não é uma data e hora, como 05/12/2026 08:00.`);
    if (!endsAt) return void problems.push(`Linha ${n}: fim “${end.slice(0, 40)}” não é uma data e hora, como 06/12/2026 08:00.`);
    const hours = (Date.parse(endsAt) - Date.parse(startsAt)) / 3_600_000;
    if (hours <= 0) return void problems.push(`Linha ${n}: o fim vem antes do início.`);
    if (hours > MAX_TURN_HOURS) return void problems.push(`Linha ${n}: um plantão dura no máximo 7 dias.`);
    turns.push({ businessId: pharmacy.id, startsAt, endsAt });
  });
  if (problems.length) return { ok: false, problems };
  return { ok: true, turns };
}
