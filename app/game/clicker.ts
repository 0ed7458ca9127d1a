/**
 * The clicker game's rules: pure functions over a small immutable state, so the browser
 * component only decides when to call them and the rules are unit-tested without a DOM.
 *
 * You bake pão de queijo for Vila Serena: every tap bakes some, upgrades bought with what
 * you baked add more per tap or bake on their own every second, and each upgrade costs
 * more than the last.
 */

/** localStorage key of the saved game (progress and best score). */
export const CLICKER_STORAGE_KEY = "guida-clicker";

/** Bumped when the saved shape changes in a way old saves cannot be read as. */
export const SAVE_VERSION = 1;

/**
 * Longest stretch one tick may count. A tab coming back from the background hands the
 * first animation frame the whole time it slept; without a cap that would be a free jackpot
 * (and a stall of work) instead of a game that simply paused while nobody watched.
 */
export const MAX_TICK_MS = 1000;

/** Caps keep a hand-edited save from producing Infinity or NaN further down the maths. */
export const MAX_POINTS = 1e15;
export const MAX_LEVEL = 1000;

export type UpgradeKind = "tap" | "auto";

export type Upgrade = {
  id: string;
  name: string;
  /** A line of flavour; the effect text comes from kind and amount. */
  flavor: string;
  kind: UpgradeKind;
  /** Pães de queijo added per tap ("tap") or per second ("auto") by each level. */
  amount: number;
  baseCost: number;
  /** Each level multiplies the price by this factor. */
  growth: number;
};

// Tap upgrades grow faster than automatic ones: automatic production compounds while
// the player is away from the button, taps do not.
export const UPGRADES = [
  { id: "queijo", name: "Queijo da Serra", flavor: "Mais queijo na massa.", kind: "tap", amount: 1, baseCost: 10, growth: 1.5 },
  { id: "ajudante", name: "Ajudante de cozinha", flavor: "Enrola bolinhas sem parar.", kind: "auto", amount: 1, baseCost: 25, growth: 1.15 },
  { id: "forno", name: "Forno a lenha", flavor: "Assa a fornada inteira de uma vez.", kind: "auto", amount: 5, baseCost: 150, growth: 1.15 },
  { id: "polvilho", name: "Polvilho azedo", flavor: "Massa mais leve, toque mais forte.", kind: "tap", amount: 10, baseCost: 750, growth: 1.5 },
  { id: "padaria", name: "Padaria da praça", flavor: "Entrega para a vila inteira.", kind: "auto", amount: 40, baseCost: 3000, growth: 1.15 },
  { id: "festa", name: "Festa do Pão de Queijo", flavor: "Vila Serena inteira na cozinha.", kind: "auto", amount: 250, baseCost: 25_000, growth: 1.15 },
] as const satisfies readonly Upgrade[];

export type UpgradeId = (typeof UPGRADES)[number]["id"];
export type Levels = Readonly<Record<UpgradeId, number>>;

export type ClickerState = Readonly<{
  /** What can be spent now (fractional while automatic baking accumulates). */
  points: number;
  /** Everything baked in this game; spending does not lower it. */
  baked: number;
  /** The most baked in any game; survives a reset. */
  best: number;
  levels: Levels;
}>;

/** Titles earned by the total baked in a game, lowest first. */
export const RANKS = [
  { from: 0, title: "Aprendiz de padeiro" },
  { from: 50, title: "Ajudante da cozinha" },
  { from: 500, title: "Padeiro da rua" },
  { from: 5_000, title: "Padeiro do bairro" },
  { from: 50_000, title: "Mestre queijeiro" },
  { from: 500_000, title: "Orgulho de Vila Serena" },
  { from: 5_000_000, title: "Lenda do pão de queijo" },
] as const;

const UPGRADE_BY_ID = new Map<string, Upgrade>(UPGRADES.map((upgrade) => [upgrade.id, upgrade]));

function zeroLevels(): Levels {
  return Object.fromEntries(UPGRADES.map((upgrade) => [upgrade.id, 0])) as Record<UpgradeId, number>;
}

export function createState(best = 0): ClickerState {
  return { points: 0, baked: 0, best, levels: zeroLevels() };
}

export function getUpgrade(id: UpgradeId): Upgrade {
  return UPGRADE_BY_ID.get(id)!;
}

/** Price of the next level when `level` are already owned: baseCost × growth^level, rounded up. */
export function upgradeCost(upgrade: Upgrade, level: number): number {
  return Math.ceil(upgrade.baseCost * upgrade.growth ** level);
}

export function nextCost(state: ClickerState, id: UpgradeId): number {
  return upgradeCost(getUpgrade(id), state.levels[id]);
}

export function canBuy(state: ClickerState, id: UpgradeId): boolean {
  return state.levels[id] < MAX_LEVEL && state.points >= nextCost(state, id);
}

function production(levels: Levels, kind: UpgradeKind): number {
  let total = 0;
  for (const upgrade of UPGRADES) if (upgrade.kind === kind) total += upgrade.amount * levels[upgrade.id];
  return total;
}

/** Pães de queijo one tap bakes: one by hand plus every tap upgrade. */
export function perTap(levels: Levels): number {
  return 1 + production(levels, "tap");
}

/** Pães de queijo baked per second without touching anything. */
export function perSecond(levels: Levels): number {
  return production(levels, "auto");
}

function bake(state: ClickerState, amount: number): ClickerState {
  const points = Math.min(state.points + amount, MAX_POINTS);
  const baked = Math.min(state.baked + amount, MAX_POINTS);
  return { ...state, points, baked, best: Math.max(state.best, baked) };
}

export function tap(state: ClickerState): ClickerState {
  return bake(state, perTap(state.levels));
}

/** Buys the next level of an upgrade; the same state object back when it cannot be afforded. */
export function buyUpgrade(state: ClickerState, id: UpgradeId): ClickerState {
  if (!canBuy(state, id)) return state;
  return {
    ...state,
    points: state.points - nextCost(state, id),
    levels: { ...state.levels, [id]: state.levels[id] + 1 },
  };
}

/**
 * Automatic baking for `elapsedMs` (capped at MAX_TICK_MS). The same state object back
 * when nothing changes, so a caller can skip work cheaply.
 */
export function tick(state: ClickerState, elapsedMs: number): ClickerState {
  const rate = perSecond(state.levels);
  if (rate === 0 || !(elapsedMs > 0)) return state;
  return bake(state, (rate * Math.min(elapsedMs, MAX_TICK_MS)) / 1000);
}

/** A new game that keeps only the best score. */
export function resetGame(state: ClickerState): ClickerState {
  return createState(state.best);
}

export function rankIndex(baked: number): number {
  let index = 0;
  RANKS.forEach((rank, i) => {
    if (baked >= rank.from) index = i;
  });
  return index;
}

export function serializeState(state: ClickerState): string {
  return JSON.stringify({ v: SAVE_VERSION, points: state.points, baked: state.baked, best: state.best, levels: state.levels });
}

function amountOr0(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.min(value, MAX_POINTS) : 0;
}

function levelOr0(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_LEVEL ? value : 0;
}

/**
 * Reads a save from localStorage. Anything that is not a save of this version (missing,
 * broken JSON, another app's value) starts a new game; inside a valid save each field is
 * checked on its own, so one bad value costs only that value, never the whole progress.
 */
export function parseState(raw: string | null | undefined): ClickerState {
  if (!raw) return createState();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return createState();
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return createState();
  const save = data as Record<string, unknown>;
  if (save.v !== SAVE_VERSION) return createState();
  const storedLevels =
    typeof save.levels === "object" && save.levels !== null && !Array.isArray(save.levels)
      ? (save.levels as Record<string, unknown>)
      : {};
  const levels = Object.fromEntries(UPGRADES.map((upgrade) => [upgrade.id, levelOr0(storedLevels[upgrade.id])])) as Record<
    UpgradeId,
    number
  >;
  const points = amountOr0(save.points);
  // Spending never lowers "baked", so it is at least what is left; the best at least this game.
  const baked = Math.max(amountOr0(save.baked), points);
  const best = Math.max(amountOr0(save.best), baked);
  return { points, baked, best, levels };
}

const wholeNumber = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const compactNumber = new Intl.NumberFormat("pt-BR", { notation: "compact", maximumFractionDigits: 1 });
const rateNumber = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** Whole pães de queijo as a Brazilian reader writes them: "1.234", then "1,2 mi" from a million. */
export function formatPoints(value: number): string {
  const whole = Math.floor(value);
  return whole < 1_000_000 ? wholeNumber.format(whole) : compactNumber.format(whole);
}

/** A production rate, which may be fractional: "0,5", "12", "1,2 mi". */
export function formatRate(value: number): string {
  return value < 1_000_000 ? rateNumber.format(value) : compactNumber.format(value);
}

export function effectText(upgrade: Upgrade): string {
  return upgrade.kind === "tap" ? `+${formatRate(upgrade.amount)} por toque` : `+${formatRate(upgrade.amount)} por segundo`;
}
