import { useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { textLinkClass } from "~/components/ui/text-link";
import { listPageHref } from "~/components/pagination";
import { useHydrated } from "~/hooks/use-hydrated";
import { NEAR_PARAM, nearParamOf } from "#core/near";

/** What a list's loader says about its "perto de" order (issue #33). */
export type NearState = {
  /** The `perto` value in use ("-21.930,-45.595" or a neighbourhood), or "" for the usual order. */
  param: string;
  /** The chosen neighbourhood, when the order is from its centre. */
  neighbourhood: string | null;
  /** A `perto` that could not be read: the list kept its usual order. */
  unreadable: boolean;
  neighbourhoods: readonly string[];
};

const PROBLEMS: Record<number, string> = {
  1: "Você não permitiu que o Guida veja sua localização. A lista continua como estava; escolha um bairro abaixo para ordenar por distância.",
  2: "Não conseguimos descobrir onde você está agora. A lista continua como estava; escolha um bairro abaixo.",
  3: "Sua localização demorou demais para chegar. Tente de novo ou escolha um bairro abaixo.",
};

/**
 * "Perto de mim": with JavaScript, a button asks the browser for the position only when tapped
 * and reloads the list with it rounded to ~100 m; without, a GET form orders the list from a
 * chosen neighbourhood's centre. Either way the other filters ride along.
 */
export function NearMe({ path, filters, near }: { path: string; filters: Record<string, string | undefined>; near: NearState }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [problem, setProblem] = useState("");
  const [asking, setAsking] = useState(false);
  function ask() {
    setProblem("");
    if (!navigator.geolocation) return setProblem(PROBLEMS[2]!);
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setAsking(false);
        void navigate(listPageHref(path, { ...filters, [NEAR_PARAM]: nearParamOf(coords) }, 1));
      },
      (error) => {
        setAsking(false);
        setProblem(PROBLEMS[error.code] ?? PROBLEMS[2]!);
      },
      { enableHighAccuracy: false, maximumAge: 300_000, timeout: 20_000 },
    );
  }
  return (
    <section aria-label="Ordem por distância" className="space-y-2">
      {near.param ? (
        <p className="text-sm">
          {near.neighbourhood ? `Em ordem de distância do centro de ${near.neighbourhood}.` : "Em ordem de distância de você (posição aproximada, que o Guida não guarda)."}{" "}
          <Link to={listPageHref(path, filters, 1)} className={textLinkClass({ small: true })}>
            Voltar à ordem alfabética
          </Link>
        </p>
      ) : null}
      {near.unreadable ? <p className="text-sm">Não entendemos a posição enviada; a lista segue a ordem de sempre.</p> : null}
      {hydrated ? (
        <Button type="button" variant="secondary" size="md" onClick={ask} disabled={asking}>
          {asking ? "Procurando você..." : "Perto de mim"}
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <Form method="get" action={path} className="flex items-end gap-2" aria-label="Ordenar pela distância de um bairro">
        {Object.entries(filters).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
        <div className="min-w-0 flex-1">
          <label htmlFor="perto" className="block text-sm font-medium">
            Perto do bairro
          </label>
          <select id="perto" name={NEAR_PARAM} defaultValue={near.neighbourhood ?? ""} className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-2 text-base dark:border-stone-700 dark:bg-stone-900">
            {near.neighbourhoods.map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" size="md">
          Ordenar
        </Button>
      </Form>
    </section>
  );
}

/** A card's distance line ("350 m daqui"), when the list is in distance order. */
export function DistanceLine({ distance }: { distance?: string }) {
  return distance ? <span className="block text-sm font-medium text-emerald-800 dark:text-emerald-300">{distance}</span> : null;
}
