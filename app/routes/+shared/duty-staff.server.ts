import { data } from "react-router";
import { addDutyTurns, listPharmacies, removeDutyTurn } from "#server/models/duty";
import { MAX_TURN_HOURS, parseRota, townInstant } from "#server/models/duty-rota";
import { outcomeOf, roleOf } from "#server/models/moderation";
import { redirectWithFlash, replyRefused, type SignedInWrite } from "#server/toolkit/action";
import type { RequestContext } from "#server/toolkit/request-context";
import { refusePage } from "#server/toolkit/refuse-page";

/**
 * The rota's keepers (issue #32): moderators and admins add a turn, remove one, or import a
 * whole CSV on /farmacias-de-plantao. The database checks the role again (public.add_duty_turns
 * and remove_duty_turn); here a resident is told before anything is read.
 */

const HERE = "/farmacias-de-plantao";
const STAFF_ONLY = { title: "Só para a moderação", message: "O rodízio das farmácias é mantido por quem modera o Guida." };
/** A rota is a few hundred lines at most; a bigger upload is not one. */
const MAX_CSV_BYTES = 200 * 1024;

export async function isStaff(ctx: RequestContext): Promise<boolean> {
  if (!(await ctx.user())) return false;
  return (await ctx.db.asCaller(roleOf)) !== "resident";
}

/** What a refused add says, field by field, with what was typed (the form shows it again). */
export type AddRefusal = { intent: "add"; values: Record<string, string>; errors: Partial<Record<"farmacia" | "inicio" | "fim" | "", string>> };
export type ImportRefusal = { intent: "import"; problems: string[] };

const refuseAdd = (status: number, values: Record<string, string>, errors: AddRefusal["errors"]) =>
  data<AddRefusal>({ intent: "add", values, errors }, { status });
const refuseImport = (status: number, problems: string[]) => data<ImportRefusal>({ intent: "import", problems }, { status });

/** POST intent=add (farmacia, inicio, fim) · intent=remove (id) · intent=import (rota: a CSV file). */
export async function dutyStaffAction(request: Request, { ctx, form }: SignedInWrite, intent: string) {
  if (!(await isStaff(ctx))) throw refusePage(403, STAFF_ONLY);
  if (intent === "remove") {
    const removed = await ctx.db.asCaller((tx) => removeDutyTurn(tx, String(form.get("id") ?? "")));
    if (!removed) throw refusePage(404, { title: "Plantão não encontrado", message: "Ele já foi removido.", link: { to: HERE, label: "Voltar" } });
    return redirectWithFlash(request, HERE, "Plantão removido.");
  }
  const pharmacies = await ctx.db.asCaller(listPharmacies);
  if (intent === "import") {
    const file = form.get("rota");
    if (!(file instanceof File) || file.size === 0) return refuseImport(400, ["Escolha o arquivo CSV do rodízio."]);
    if (file.size > MAX_CSV_BYTES) return refuseImport(413, ["O arquivo pode ter no máximo 200 KB."]);
    const rota = parseRota(await file.text(), pharmacies);
    if (!rota.ok) return refuseImport(400, rota.problems);
    if ((await outcomeOf(ctx.db.asCaller((tx) => addDutyTurns(tx, rota.turns)))) !== "done") return refuseImport(403, [STAFF_ONLY.title + "."]);
    return redirectWithFlash(request, HERE, rota.turns.length === 1 ? "1 plantão importado." : `${rota.turns.length} plantões importados.`);
  }
  if (intent !== "add") return replyRefused(400, "Ação desconhecida.", { intent });
  const values = { farmacia: String(form.get("farmacia") ?? ""), inicio: String(form.get("inicio") ?? ""), fim: String(form.get("fim") ?? "") };
  const pharmacy = pharmacies.find((p) => p.id === values.farmacia);
  const startsAt = townInstant(values.inicio);
  const endsAt = townInstant(values.fim);
  const errors: AddRefusal["errors"] = {};
  if (!pharmacy) errors.farmacia = "Escolha uma farmácia da lista.";
  if (!startsAt) errors.inicio = "Escolha a data e a hora do início.";
  if (!endsAt) errors.fim = "Escolha a data e a hora do fim.";
  else if (startsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errors.fim = "O fim vem antes do início.";
  else if (startsAt && Date.parse(endsAt) - Date.parse(startsAt) > MAX_TURN_HOURS * 3_600_000) errors.fim = "Um plantão dura no máximo 7 dias.";
  if (!pharmacy || !startsAt || !endsAt || Object.keys(errors).length) return refuseAdd(400, values, errors);
  if ((await outcomeOf(ctx.db.asCaller((tx) => addDutyTurns(tx, [{ businessId: pharmacy.id, startsAt, endsAt }])))) !== "done") {
    return refuseAdd(403, values, { "": STAFF_ONLY.title + "." });
  }
  return redirectWithFlash(request, HERE, "Plantão adicionado.");
}
