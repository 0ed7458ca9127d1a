import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { controlClass, FieldError, FormErrors } from "~/components/ui/form-field";
import { townMoment } from "#core/duty";

type Pharmacy = { id: string; name: string };
type Turn = { id: string; name: string; startsAt: string; endsAt: string };
/** What a refused post sent back (app/routes/+shared/duty-staff.server.ts). */
type Refusal =
  | { intent: "add"; values: Record<string, string>; errors: Partial<Record<string, string>> }
  | { intent: "import"; problems: string[] }
  | { intent: string; result?: unknown };

const label = "block space-y-1 text-sm font-medium";
const list = (message: string | undefined) => (message ? [message] : undefined);

/**
 * The rota's keepers' tools (moderators and admins), plain forms that work without
 * JavaScript: add one turn, remove one, or import a whole CSV (docs/duty-pharmacy.md).
 */
export function DutyStaff({ pharmacies, turns, refusal, now }: { pharmacies: readonly Pharmacy[]; turns: readonly Turn[]; refusal: Refusal | undefined; now: Date }) {
  const add = refusal && refusal.intent === "add" && "values" in refusal ? refusal : undefined;
  const imported = refusal && refusal.intent === "import" && "problems" in refusal ? refusal : undefined;
  // Any other refusal (an unknown intent, a body that could not be read) has the form's words.
  const other = refusal && "result" in refusal ? (refusal.result as { error?: Record<string, string[]> } | undefined)?.error?.[""] : undefined;
  return (
    <section aria-labelledby="cuidar-do-rodizio" className="space-y-5 border-t border-stone-200 pt-5 dark:border-stone-800">
      <h2 id="cuidar-do-rodizio" className="text-lg font-semibold">Cuidar do rodízio</h2>
      <FormErrors errors={other} />
      <Form method="post" className="space-y-3" aria-label="Novo plantão">
        <h3 className="font-semibold">Novo plantão</h3>
        <input type="hidden" name="intent" value="add" />
        <FormErrors errors={list(add?.errors[""])} />
        <label className={label}>
          Farmácia
          <select name="farmacia" defaultValue={add?.values.farmacia ?? ""} aria-invalid={add?.errors.farmacia ? true : undefined} aria-describedby="farmacia-erro" className={controlClass}>
            <option value="">Escolha…</option>
            {pharmacies.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <FieldError id="farmacia-erro" errors={list(add?.errors.farmacia)} />
        <label className={label}>
          Início (horário de Vila Serena)
          <input type="datetime-local" name="inicio" defaultValue={add?.values.inicio} aria-invalid={add?.errors.inicio ? true : undefined} aria-describedby="inicio-erro" className={controlClass} />
        </label>
        <FieldError id="inicio-erro" errors={list(add?.errors.inicio)} />
        <label className={label}>
          Fim
          <input type="datetime-local" name="fim" defaultValue={add?.values.fim} aria-invalid={add?.errors.fim ? true : undefined} aria-describedby="fim-erro" className={controlClass} />
        </label>
        <FieldError id="fim-erro" errors={list(add?.errors.fim)} />
        <Button type="submit" variant="primary" size="lg" className="w-full">
          Adicionar plantão
        </Button>
      </Form>
      <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label="Importar rodízio">
        <h3 className="font-semibold">Importar rodízio (CSV)</h3>
        <p className="text-sm text-stone-600 dark:text-stone-300">
          Cabeçalho <code>farmacia,inicio,fim</code>; uma linha por plantão, como <code>Farmácia Bom Jesus,05/12/2026 08:00,06/12/2026 08:00</code>. Se uma linha tiver erro, nada é importado.
        </p>
        <input type="hidden" name="intent" value="import" />
        {imported ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p>Nada foi importado. Corrija e envie o arquivo de novo:</p>
            <ul className="list-disc pl-5">
              {imported.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <label className={label}>
          Arquivo CSV
          <input type="file" name="rota" accept=".csv,text/csv" className="block w-full text-sm" />
        </label>
        <Button type="submit" variant="secondary" size="lg" className="w-full">
          Importar
        </Button>
      </Form>
      <div className="space-y-2">
        <h3 className="font-semibold">Plantões marcados</h3>
        <ul className="space-y-2">
          {turns.map((turn) => (
            <li key={turn.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {turn.name}: {townMoment(turn.startsAt, now)} → {townMoment(turn.endsAt, now)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={turn.id} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Remover o plantão de ${turn.name} de ${townMoment(turn.startsAt, now)}`}>
                  Remover
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
