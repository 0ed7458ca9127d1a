import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  CLICKER_STORAGE_KEY,
  RANKS,
  UPGRADES,
  buyUpgrade,
  canBuy,
  createState,
  effectText,
  formatPoints,
  formatRate,
  getUpgrade,
  nextCost,
  parseState,
  perSecond,
  perTap,
  rankIndex,
  resetGame,
  serializeState,
  tap,
  tick,
  upgradeCost,
  type ClickerState,
  type Levels,
  type UpgradeId,
} from "./clicker";

/**
 * The interactive clicker. Rendering strategy for a low-end phone at 60 fps: the game state
 * lives in a ref, not in React state. Every tap and animation frame writes only the score's
 * and best score's text nodes; React re-renders only when something it draws changes (an
 * upgrade becomes affordable, a level, the rank), which happens a few times a minute.
 * Feedback animations use transform and opacity only, so they never trigger layout.
 */

/** Automatic baking is written to localStorage at most this often; taps and purchases at once. */
const AUTO_SAVE_MS = 2000;
/** Floating "+N" labels recycled round-robin, so fast tapping never creates elements. */
const FLOAT_POOL_SIZE = 8;

/** What React draws; the score itself is outside it on purpose. */
type View = { levels: Levels; affordable: string; rank: number };

function viewOf(state: ClickerState): View {
  let affordable = "";
  for (const upgrade of UPGRADES) affordable += canBuy(state, upgrade.id) ? "1" : "0";
  return { levels: state.levels, affordable, rank: rankIndex(state.baked) };
}

function sameView(a: View, b: View): boolean {
  return a.levels === b.levels && a.affordable === b.affordable && a.rank === b.rank;
}

function loadSaved(): ClickerState {
  try {
    return parseState(window.localStorage.getItem(CLICKER_STORAGE_KEY));
  } catch {
    // Storage blocked (privacy settings): play without saving rather than not at all.
    return createState();
  }
}

function writeSave(state: ClickerState): boolean {
  try {
    window.localStorage.setItem(CLICKER_STORAGE_KEY, serializeState(state));
    return true;
  } catch {
    return false;
  }
}

/** Rewrites the existing text node in place: no node churn on every frame. */
function setText(element: HTMLElement, text: string) {
  const node = element.firstChild;
  if (node instanceof Text && node === element.lastChild) node.nodeValue = text;
  else element.textContent = text;
}

function paes(count: number): string {
  return count === 1 ? "1 pão de queijo" : `${formatPoints(count)} pães de queijo`;
}

export function ClickerGame() {
  const [initial] = useState(loadSaved);
  const stateRef = useRef(initial);
  const [view, setView] = useState(() => viewOf(initial));
  const viewRef = useRef(view);
  const [message, setMessage] = useState("");
  const [saveFailed, setSaveFailed] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);

  const scoreRef = useRef<HTMLSpanElement>(null);
  const bestRef = useRef<HTMLSpanElement>(null);
  const shownText = useRef({ score: "", best: "" });
  const paoRef = useRef<SVGSVGElement>(null);
  const floatsRef = useRef<HTMLDivElement>(null);
  const nextFloat = useRef(0);
  const reducedMotion = useRef<MediaQueryList | null>(null);
  const dirty = useRef(false);
  const lastSave = useRef(0);
  const resetButtonRef = useRef<HTMLButtonElement>(null);
  const cancelResetRef = useRef<HTMLButtonElement>(null);
  const refocusReset = useRef(false);
  const gradientId = useId();
  const baseId = useId();
  const confirmId = `${baseId}-confirm`;

  /** Writes the numbers straight into their text nodes; hands React a new view only when it changed. */
  const paint = useCallback(() => {
    const state = stateRef.current;
    const score = formatPoints(state.points);
    if (score !== shownText.current.score && scoreRef.current) {
      setText(scoreRef.current, score);
      shownText.current.score = score;
    }
    const best = formatPoints(state.best);
    if (best !== shownText.current.best && bestRef.current) {
      setText(bestRef.current, best);
      shownText.current.best = best;
    }
    const next = viewOf(state);
    if (!sameView(next, viewRef.current)) {
      viewRef.current = next;
      setView(next);
    }
  }, []);

  const save = useCallback(() => {
    dirty.current = false;
    lastSave.current = performance.now();
    if (!writeSave(stateRef.current)) setSaveFailed(true);
  }, []);

  const commit = useCallback(
    (next: ClickerState) => {
      stateRef.current = next;
      paint();
      save();
    },
    [paint, save],
  );

  // Before the first paint, so the score never flashes empty.
  useLayoutEffect(() => {
    paint();
    reducedMotion.current = window.matchMedia("(prefers-reduced-motion: reduce)");
  }, [paint]);

  const rate = perSecond(view.levels);
  useEffect(() => {
    if (rate === 0) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const next = tick(stateRef.current, now - last);
      last = now;
      if (next !== stateRef.current) {
        stateRef.current = next;
        dirty.current = true;
        paint();
      }
      if (dirty.current && now - lastSave.current >= AUTO_SAVE_MS) save();
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [rate, paint, save]);

  useEffect(() => {
    const flush = () => {
      if (dirty.current) save();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    // Another tab saved (or the storage page cleared everything): adopt it, or this tab's
    // older state would overwrite that progress at its next save.
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== null && event.key !== CLICKER_STORAGE_KEY) return;
      stateRef.current = loadSaved();
      dirty.current = false;
      paint();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("storage", onStorage);
    return () => {
      flush();
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("storage", onStorage);
    };
  }, [paint, save]);

  useEffect(() => {
    if (confirmingReset) cancelResetRef.current?.focus();
    else if (refocusReset.current) {
      refocusReset.current = false;
      resetButtonRef.current?.focus();
    }
  }, [confirmingReset]);

  function celebrate(amount: number) {
    if (reducedMotion.current?.matches) return;
    const pao = paoRef.current;
    if (pao && typeof pao.animate === "function") {
      pao.animate([{ transform: "scale(0.9)" }, { transform: "scale(1)" }], { duration: 180, easing: "ease-out" });
    }
    const pool = floatsRef.current?.children;
    if (!pool?.length) return;
    const label = pool[nextFloat.current++ % pool.length] as HTMLElement;
    if (typeof label.animate !== "function") return;
    label.textContent = `+${formatRate(amount)}`;
    const dx = Math.round((Math.random() - 0.5) * 120);
    label.animate(
      [
        { transform: `translate(${dx}px, 0) scale(0.8)`, opacity: 1 },
        { transform: `translate(${dx}px, -96px) scale(1.15)`, opacity: 0 },
      ],
      { duration: 800, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
    );
  }

  function onTap() {
    commit(tap(stateRef.current));
    celebrate(perTap(stateRef.current.levels));
  }

  // A held Enter repeats clicks on a button; a tap is one press, so repeats are ignored.
  function onTapKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.repeat && (event.key === "Enter" || event.key === " ")) event.preventDefault();
  }

  function onBuy(id: UpgradeId) {
    const before = stateRef.current;
    const after = buyUpgrade(before, id);
    const upgrade = getUpgrade(id);
    if (after === before) {
      const missing = Math.max(1, Math.ceil(nextCost(before, id) - before.points));
      setMessage(`${missing === 1 ? "Falta" : "Faltam"} ${paes(missing)} para ${upgrade.name}.`);
      return;
    }
    commit(after);
    setMessage(`${upgrade.name} comprado: nível ${after.levels[id]}.`);
  }

  function confirmReset() {
    commit(resetGame(stateRef.current));
    refocusReset.current = true;
    setConfirmingReset(false);
    setMessage("Jogo recomeçado. Seu recorde continua guardado.");
  }

  function cancelReset() {
    refocusReset.current = true;
    setConfirmingReset(false);
  }

  const tapAmount = perTap(view.levels);

  return (
    <div className="space-y-5">
      <section
        aria-label="Placar"
        className="min-h-50 rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-amber-100 dark:bg-stone-900 dark:ring-stone-800"
      >
        <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
          {RANKS[view.rank]?.title}
        </p>
        <p className="mt-2 [contain:layout_paint]">
          <span
            ref={scoreRef}
            data-testid="clicker-score"
            className="block text-5xl font-black leading-tight tabular-nums text-amber-700 dark:text-amber-300"
          />
          <span className="block text-sm font-medium text-stone-600 dark:text-stone-300">pães de queijo</span>
        </p>
        <p className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-200">
          <span>
            <span data-testid="clicker-per-tap" className="font-semibold tabular-nums">
              +{formatRate(tapAmount)}
            </span>{" "}
            por toque
          </span>
          <span>
            <span data-testid="clicker-per-second" className="font-semibold tabular-nums">
              +{formatRate(rate)}
            </span>{" "}
            por segundo
          </span>
        </p>
        <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          Recorde: <span ref={bestRef} data-testid="clicker-best" className="font-semibold tabular-nums" />
        </p>
      </section>

      <div className="relative flex flex-col items-center">
        <button
          type="button"
          onClick={onTap}
          onKeyDown={onTapKeyDown}
          aria-label="Assar pão de queijo"
          aria-describedby={`${baseId}-hint`}
          className="group relative flex size-56 touch-manipulation select-none items-center justify-center rounded-full bg-gradient-to-b from-amber-50 to-amber-100 shadow-lg ring-4 ring-amber-200 [-webkit-tap-highlight-color:transparent] hover:ring-amber-300 dark:from-stone-800 dark:to-stone-900 dark:ring-amber-500/40 dark:hover:ring-amber-400/60"
        >
          <svg ref={paoRef} viewBox="0 0 120 120" className="size-44 drop-shadow-md" aria-hidden="true">
            <defs>
              <radialGradient id={gradientId} cx="38%" cy="32%" r="70%">
                <stop offset="0" stopColor="#fef3c7" />
                <stop offset="0.45" stopColor="#fbbf24" />
                <stop offset="0.85" stopColor="#d97706" />
                <stop offset="1" stopColor="#b45309" />
              </radialGradient>
            </defs>
            <ellipse cx="60" cy="101" rx="40" ry="7" fill="#78350f" opacity="0.18" />
            <path d="M12 68C12 38 34 20 60 20s48 18 48 48c0 22-21 32-48 32S12 90 12 68Z" fill={`url(#${gradientId})`} />
            <g fill="#b45309" opacity="0.45">
              <ellipse cx="42" cy="58" rx="5" ry="3" />
              <ellipse cx="71" cy="46" rx="4" ry="2.5" />
              <ellipse cx="80" cy="70" rx="6" ry="3.5" />
              <ellipse cx="54" cy="80" rx="4.5" ry="2.5" />
              <ellipse cx="30" cy="74" rx="3" ry="2" />
              <ellipse cx="92" cy="54" rx="3" ry="2" />
            </g>
            <g fill="#fef3c7" opacity="0.7">
              <ellipse cx="40" cy="38" rx="11" ry="6" transform="rotate(-20 40 38)" />
              <circle cx="62" cy="33" r="2.5" />
            </g>
          </svg>
        </button>
        <div ref={floatsRef} aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-10 flex justify-center">
          {Array.from({ length: FLOAT_POOL_SIZE }, (_, i) => (
            <span
              key={i}
              className="absolute text-2xl font-black text-amber-600 opacity-0 drop-shadow-sm dark:text-amber-300"
            />
          ))}
        </div>
        <p id={`${baseId}-hint`} className="mt-3 text-sm text-stone-600 dark:text-stone-300">
          Toque no pão de queijo (ou aperte Espaço ou Enter) para assar.
        </p>
      </div>

      <section aria-labelledby={`${baseId}-upgrades`} className="space-y-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={`${baseId}-upgrades`} className="text-lg font-bold">
            Melhorias
          </h2>
          <p className="text-xs text-stone-500 dark:text-stone-400">Cada nível fica mais caro</p>
        </div>
        <p aria-live="polite" className="min-h-5 text-sm font-medium text-brand-700 dark:text-brand-100">
          {message}
        </p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {UPGRADES.map((upgrade, i) => {
            const affordable = view.affordable[i] === "1";
            const level = view.levels[upgrade.id];
            const cost = upgradeCost(upgrade, level);
            return (
              <li key={upgrade.id}>
                <button
                  type="button"
                  onClick={() => onBuy(upgrade.id)}
                  // Not disabled: a click on an upgrade out of reach says how much is missing.
                  data-affordable={affordable}
                  data-upgrade={upgrade.id}
                  className={`flex min-h-16 w-full items-center gap-3 rounded-xl p-3 text-left ring-1 transition-colors ${
                    affordable
                      ? "bg-white ring-amber-300 hover:bg-amber-50 dark:bg-stone-900 dark:ring-amber-500/50 dark:hover:bg-stone-800"
                      : "bg-stone-100 ring-stone-200 dark:bg-stone-900/60 dark:ring-stone-800"
                  }`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline gap-2">
                      <span className={`font-semibold ${affordable ? "" : "text-stone-600 dark:text-stone-400"}`}>{upgrade.name}</span>
                      {level > 0 ? (
                        <span className="text-xs font-medium text-stone-600 dark:text-stone-400">nível {level}</span>
                      ) : null}
                    </span>
                    <span className="block text-sm font-medium text-brand-700 dark:text-brand-100">{effectText(upgrade)}</span>
                    <span className="block text-xs text-stone-600 dark:text-stone-400">{upgrade.flavor}</span>
                  </span>
                  <span
                    className={`shrink-0 rounded-full px-3 py-1 text-sm font-bold tabular-nums ${
                      affordable
                        ? "bg-amber-400 text-amber-950"
                        : // Out of reach reads muted, yet at 4.5:1 or more (WCAG AA) in both themes.
                          "bg-stone-200 text-stone-700 dark:bg-stone-800 dark:text-stone-300"
                    }`}
                  >
                    {formatPoints(cost)}
                    <span className="sr-only"> pães de queijo{affordable ? "" : " (ainda não dá para comprar)"}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-label="Recomeçar" className="border-t border-stone-200 pt-4 dark:border-stone-800">
        {confirmingReset ? (
          <div
            role="group"
            aria-labelledby={confirmId}
            onKeyDown={(event) => {
              if (event.key === "Escape") cancelReset();
            }}
            className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200 dark:bg-red-950/40 dark:ring-red-900"
          >
            <p id={confirmId} className="font-semibold text-red-900 dark:text-red-100">
              Recomeçar do zero? Você perde os pães de queijo e as melhorias; o recorde fica guardado.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                onClick={confirmReset}
                className="min-h-11 rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
              >
                Sim, recomeçar
              </button>
              <button
                ref={cancelResetRef}
                type="button"
                onClick={cancelReset}
                className="min-h-11 rounded-full bg-white px-5 font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 dark:bg-stone-800 dark:text-stone-100 dark:ring-stone-700"
              >
                Cancelar
              </button>
            </div>
          </div>
        ) : (
          <button
            ref={resetButtonRef}
            type="button"
            onClick={() => setConfirmingReset(true)}
            className="min-h-11 rounded-full px-4 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 dark:text-red-300 dark:ring-red-900 dark:hover:bg-red-950/40"
          >
            Recomeçar jogo
          </button>
        )}
        {saveFailed ? (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            Este navegador não deixou salvar o progresso: ele se perde ao fechar a página.
          </p>
        ) : null}
      </section>
    </div>
  );
}
