import { useSyncExternalStore } from "react";
import { ClickerGame } from "~/game/clicker-game";
import type { Route } from "./+types/game-clicker";

/**
 * /game/clicker. The game is browser-only (its state is in localStorage and it must work
 * offline), so the server sends the title, the rules and a skeleton of the same size; the
 * game replaces the skeleton after hydration. It is imported only here, so it ships in this
 * route's chunk and no other page downloads it.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Pão de Queijo Clicker · Guida" },
  {
    name: "description",
    content: "Asse pães de queijo para Vila Serena: toque, compre melhorias e bata o seu recorde. Funciona sem internet.",
  },
];

const subscribeNothing = () => () => {};

/** False while the server renders and while hydrating; true from then on (and on client navigation). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export default function GameClicker() {
  const hydrated = useHydrated();
  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">Pão de Queijo Clicker</h1>
        <p className="text-stone-600 dark:text-stone-300">
          A vila está com fome! Asse pães de queijo para Vila Serena e vire a lenda da padaria.
        </p>
      </header>
      {hydrated ? <ClickerGame /> : <GameSkeleton />}
      <section aria-labelledby="como-jogar" className="rounded-2xl bg-white p-4 text-sm shadow-sm dark:bg-stone-900">
        <h2 id="como-jogar" className="font-bold">
          Como jogar
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700 dark:text-stone-300">
          <li>Toque no pão de queijo para assar. No teclado, use Espaço ou Enter com o botão em foco.</li>
          <li>Troque pães de queijo por melhorias: umas aumentam o que cada toque assa, outras assam sozinhas a cada segundo.</li>
          <li>Cada nível de uma melhoria custa mais que o anterior.</li>
          <li>Seu progresso e seu recorde ficam guardados neste aparelho, e o jogo funciona sem internet.</li>
        </ul>
      </section>
    </div>
  );
}

/** Same footprint as the game, so nothing below it jumps when the game takes its place. */
function GameSkeleton() {
  return (
    <>
      <noscript>
        <p className="rounded-xl bg-amber-100 p-4 font-medium text-amber-950 ring-1 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-100 dark:ring-amber-500/40">
          Este jogo precisa de JavaScript. Ative o JavaScript no navegador para jogar.
        </p>
      </noscript>
      {/* Without JavaScript the skeleton would be a promise never kept: only the notice shows. */}
      <div className="space-y-5 noscript:hidden">
        <div
          aria-hidden="true"
          className="h-50 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-amber-100 dark:bg-stone-900 dark:ring-stone-800"
        >
          <div className="mx-auto h-6 w-36 rounded-full bg-amber-100 dark:bg-stone-800" />
          <div className="mx-auto mt-4 h-12 w-24 rounded-lg bg-stone-100 dark:bg-stone-800" />
          <div className="mx-auto mt-3 h-4 w-48 rounded bg-stone-100 dark:bg-stone-800" />
        </div>
        <div className="flex flex-col items-center">
          <div className="flex size-56 items-center justify-center rounded-full bg-amber-50 ring-4 ring-amber-200 dark:bg-stone-900 dark:ring-amber-500/40">
            <p className="text-sm font-medium text-stone-600 dark:text-stone-300">Carregando o jogo…</p>
          </div>
          <p className="mt-3 text-sm text-stone-600 dark:text-stone-300">
            Toque no pão de queijo (ou aperte Espaço ou Enter) para assar.
          </p>
        </div>
      </div>
    </>
  );
}
