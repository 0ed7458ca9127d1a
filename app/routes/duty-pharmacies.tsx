import { DutyCard } from "~/components/duty-card";
import { DutyStaff } from "~/components/duty-staff";
import { onDuty } from "#core/duty";
import { useTownNow } from "~/hooks/use-town-now";
import { dutyRota } from "#server/cache/reads";
import { minuteOf } from "#server/cache/read-cache";
import { getRequestContext } from "#server/toolkit/request-context";
import { intentOf, signedInAction } from "#server/toolkit/action";
import { listPharmacies } from "#server/models/duty";
import { dutyStaffAction, isStaff } from "./+shared/duty-staff.server";
import type { Route } from "./+types/duty-pharmacies";

export const meta: Route.MetaFunction = () => [
  { title: "Farmácias de plantão · Guida" },
  { name: "description", content: "Qual farmácia está de plantão hoje em Vila Serena, e as dos próximos dias: telefone, WhatsApp e como chegar." },
];

/** The rota from this minute on, a week of it (issue #32): who is on duty now, then the next turns. */
export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  const ctx = getRequestContext(context);
  const turns = await ctx.db.asVisitor(dutyRota, { minute: minuteOf(now) });
  // Moderators and admins also get the rota's tools (the database checks their role again).
  const pharmacies = (await isStaff(ctx)) ? await ctx.db.asCaller(listPharmacies) : null;
  return { turns, pharmacies, renderedAt: now.toISOString() };
}

/** Moderators and admins: intent=add (farmacia, inicio, fim) · intent=remove (id) · intent=import (rota, a CSV file). */
export const action = signedInAction(async ({ request }: Route.ActionArgs, signedIn) => dutyStaffAction(request, signedIn, intentOf(signedIn.form, "add")));

export default function DutyPharmacies({ loaderData, actionData }: Route.ComponentProps) {
  const { turns, pharmacies, renderedAt } = loaderData;
  const now = useTownNow(renderedAt);
  // A turn that ended since the page was rendered leaves both lists.
  const current = turns.filter((t) => onDuty(t, now));
  const next = turns.filter((t) => Date.parse(t.startsAt) > now.getTime());
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Farmácias de plantão</h1>
        <p className="text-stone-600 dark:text-stone-300">O rodízio das farmácias de Vila Serena: quem atende à noite, nos domingos e feriados.</p>
      </div>
      <section aria-labelledby="de-plantao-agora" className="space-y-3">
        <h2 id="de-plantao-agora" className="text-lg font-semibold">De plantão agora</h2>
        {current.length === 0 ? <p className="text-sm">Nenhuma farmácia de plantão neste momento.</p> : null}
        {current.map((turn) => (
          <DutyCard key={turn.id} turn={turn} now={now} />
        ))}
      </section>
      <section aria-labelledby="proximos-plantoes" className="space-y-3">
        <h2 id="proximos-plantoes" className="text-lg font-semibold">Próximos plantões</h2>
        {next.length === 0 ? <p className="text-sm">Nenhum plantão marcado para os próximos dias.</p> : null}
        {next.map((turn) => (
          <DutyCard key={turn.id} turn={turn} now={now} />
        ))}
      </section>
      {pharmacies ? <DutyStaff pharmacies={pharmacies} turns={turns} refusal={actionData} now={now} /> : null}
    </div>
  );
}
