import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CLICKER_STORAGE_KEY,
  MAX_LEVEL,
  MAX_POINTS,
  MAX_TICK_MS,
  RANKS,
  SAVE_VERSION,
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
  type UpgradeId,
} from "~/game/clicker";

/** A state with the given points and levels, for tests that start mid-game. */
function stateWith(points: number, levels: Partial<Record<UpgradeId, number>> = {}): ClickerState {
  const fresh = createState();
  return { ...fresh, points, baked: points, best: points, levels: { ...fresh.levels, ...levels } };
}

function tapTimes(state: ClickerState, times: number): ClickerState {
  let next = state;
  for (let i = 0; i < times; i++) next = tap(next);
  return next;
}

describe("a new game", () => {
  it("starts with nothing baked, no upgrades and one pão de queijo per tap", () => {
    const state = createState();
    expect(state.points).toBe(0);
    expect(state.baked).toBe(0);
    expect(state.best).toBe(0);
    expect(Object.values(state.levels).every((level) => level === 0)).toBe(true);
    expect(perTap(state.levels)).toBe(1);
    expect(perSecond(state.levels)).toBe(0);
  });

  it("saves under the key guida-clicker", () => {
    expect(CLICKER_STORAGE_KEY).toBe("guida-clicker");
  });

  it("has upgrades with unique ids, positive amounts and prices that grow", () => {
    expect(new Set(UPGRADES.map((upgrade) => upgrade.id)).size).toBe(UPGRADES.length);
    for (const upgrade of UPGRADES) {
      expect(upgrade.amount).toBeGreaterThan(0);
      expect(upgrade.growth).toBeGreaterThan(1);
    }
    expect(UPGRADES.some((upgrade) => upgrade.kind === "tap")).toBe(true);
    expect(UPGRADES.some((upgrade) => upgrade.kind === "auto")).toBe(true);
  });
});

describe("tapping", () => {
  it("bakes per-tap points, counted in points, baked and best", () => {
    const state = tapTimes(createState(), 3);
    expect(state).toMatchObject({ points: 3, baked: 3, best: 3 });
  });

  it("does not change the state it was given", () => {
    const before = createState();
    tap(before);
    expect(before.points).toBe(0);
  });

  it("keeps an earlier best score that is higher than this game", () => {
    const state = tap(createState(100));
    expect(state.best).toBe(100);
    expect(state.baked).toBe(1);
  });

  it("stops at MAX_POINTS instead of growing without bound", () => {
    const state = tap({ ...createState(), points: MAX_POINTS, baked: MAX_POINTS, best: MAX_POINTS });
    expect(state.points).toBe(MAX_POINTS);
    expect(Number.isFinite(state.best)).toBe(true);
  });
});

describe("cost curve", () => {
  it("is the base cost at level 0 and baseCost × growth^level, rounded up, after", () => {
    const queijo = getUpgrade("queijo");
    expect(upgradeCost(queijo, 0)).toBe(queijo.baseCost);
    expect(upgradeCost(queijo, 1)).toBe(Math.ceil(queijo.baseCost * queijo.growth));
    expect(upgradeCost(queijo, 5)).toBe(Math.ceil(queijo.baseCost * queijo.growth ** 5));
  });

  it("rises strictly with every level for every upgrade", () => {
    for (const upgrade of UPGRADES) {
      for (let level = 0; level < 40; level++) {
        expect(upgradeCost(upgrade, level + 1)).toBeGreaterThan(upgradeCost(upgrade, level));
      }
    }
  });

  it("is always a whole number of pães de queijo", () => {
    for (const upgrade of UPGRADES) {
      for (let level = 0; level < 20; level++) expect(Number.isInteger(upgradeCost(upgrade, level))).toBe(true);
    }
  });
});

describe("buying upgrades", () => {
  it("spends the price, raises the level and the per-tap points", () => {
    const cost = getUpgrade("queijo").baseCost;
    const state = buyUpgrade(stateWith(cost + 2), "queijo");
    expect(state.points).toBe(2);
    expect(state.levels.queijo).toBe(1);
    expect(perTap(state.levels)).toBe(2);
    expect(tap(state).points).toBe(4);
  });

  it("does not lower the total baked or the best score", () => {
    const state = buyUpgrade(stateWith(50), "queijo");
    expect(state.baked).toBe(50);
    expect(state.best).toBe(50);
  });

  it("makes the next level cost more", () => {
    const before = stateWith(1000);
    const after = buyUpgrade(before, "ajudante");
    expect(nextCost(after, "ajudante")).toBeGreaterThan(nextCost(before, "ajudante"));
  });

  it("returns the very same state when the price is not reached", () => {
    const state = stateWith(getUpgrade("forno").baseCost - 1);
    expect(canBuy(state, "forno")).toBe(false);
    expect(buyUpgrade(state, "forno")).toBe(state);
  });

  it("stops at MAX_LEVEL", () => {
    const state = { ...stateWith(MAX_POINTS), levels: { ...createState().levels, queijo: MAX_LEVEL } };
    expect(canBuy(state, "queijo")).toBe(false);
    expect(buyUpgrade(state, "queijo")).toBe(state);
  });

  it("adds automatic production from auto upgrades only", () => {
    const state = stateWith(0, { ajudante: 2, forno: 1, queijo: 3 });
    expect(perSecond(state.levels)).toBe(2 * 1 + 5);
    expect(perTap(state.levels)).toBe(1 + 3);
  });
});

describe("tick (automatic baking)", () => {
  it("bakes perSecond × elapsed seconds", () => {
    const state = tick(stateWith(0, { ajudante: 3 }), 500);
    expect(state.points).toBeCloseTo(1.5);
    expect(state.baked).toBeCloseTo(1.5);
    expect(state.best).toBeCloseTo(1.5);
  });

  it("adds up over many animation frames to the same total as one long tick", () => {
    let state = stateWith(0, { forno: 2 });
    for (let frame = 0; frame < 60; frame++) state = tick(state, 1000 / 60);
    expect(state.points).toBeCloseTo(10, 6);
  });

  it("counts at most MAX_TICK_MS at once, so a tab back from the background gets no jackpot", () => {
    const state = tick(stateWith(0, { ajudante: 1 }), 60 * 60 * 1000);
    expect(state.points).toBe((1 * MAX_TICK_MS) / 1000);
  });

  it("returns the same state with no production or no elapsed time", () => {
    const idle = createState();
    expect(tick(idle, 1000)).toBe(idle);
    const producing = stateWith(0, { ajudante: 1 });
    expect(tick(producing, 0)).toBe(producing);
    expect(tick(producing, -5)).toBe(producing);
    expect(tick(producing, Number.NaN)).toBe(producing);
  });

  describe("driven by a timer", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("bakes by the clock's elapsed time, not by how often the timer fired", () => {
      let state = stateWith(0, { ajudante: 2 });
      let last = Date.now();
      // Irregular frames, as a busy low-end phone delivers them.
      const frames = [16, 17, 33, 16, 250, 16, 652];
      for (const frame of frames) {
        vi.advanceTimersByTime(frame);
        const now = Date.now();
        state = tick(state, now - last);
        last = now;
      }
      expect(state.points).toBeCloseTo((2 * frames.reduce((a, b) => a + b, 0)) / 1000, 6);
    });
  });
});

describe("reset", () => {
  it("starts over but keeps the best score", () => {
    const played = buyUpgrade(tapTimes(createState(), 30), "queijo");
    const fresh = resetGame(played);
    expect(fresh).toEqual(createState(30));
  });
});

describe("ranks", () => {
  it("go up with the total baked", () => {
    expect(rankIndex(0)).toBe(0);
    expect(rankIndex(RANKS[1].from - 1)).toBe(0);
    expect(rankIndex(RANKS[1].from)).toBe(1);
    expect(rankIndex(Number.MAX_SAFE_INTEGER)).toBe(RANKS.length - 1);
  });
});

describe("saving and loading", () => {
  it("round-trips a game in progress", () => {
    const played = tick(buyUpgrade(tapTimes(createState(7), 40), "ajudante"), 750);
    expect(parseState(serializeState(played))).toEqual(played);
  });

  it("stores a version so an incompatible future save is not misread", () => {
    expect(JSON.parse(serializeState(createState()))).toMatchObject({ v: SAVE_VERSION });
    const future = JSON.stringify({ ...JSON.parse(serializeState(stateWith(500))), v: SAVE_VERSION + 1 });
    expect(parseState(future)).toEqual(createState());
  });

  it.each([
    ["nothing saved", null],
    ["an empty string", ""],
    ["broken JSON", "{points: 3"],
    ["a number", "42"],
    ["null", "null"],
    ["an array", "[1,2]"],
    ["a save without version", JSON.stringify({ points: 10, baked: 10, best: 10, levels: {} })],
  ])("starts a new game from %s", (_label, raw) => {
    expect(parseState(raw)).toEqual(createState());
  });

  it("drops only the invalid fields of a save", () => {
    const raw = JSON.stringify({
      v: SAVE_VERSION,
      points: "999",
      baked: 120,
      best: -4,
      levels: { queijo: 2, ajudante: 1.5, forno: -1, polvilho: MAX_LEVEL + 1, padaria: "3", desconhecido: 9 },
    });
    const state = parseState(raw);
    expect(state.points).toBe(0);
    expect(state.baked).toBe(120);
    expect(state.best).toBe(120);
    expect(state.levels).toEqual({ ...createState().levels, queijo: 2 });
    expect(Object.keys(state.levels)).not.toContain("desconhecido");
  });

  it("rejects numbers that would break the maths (Infinity cannot be in JSON, huge values are capped)", () => {
    const raw = `{"v":${SAVE_VERSION},"points":1e400,"baked":1e300,"best":1e300,"levels":"muitos"}`;
    const state = parseState(raw);
    expect(state.points).toBe(0);
    expect(state.baked).toBe(MAX_POINTS);
    expect(state.best).toBe(MAX_POINTS);
    expect(state.levels).toEqual(createState().levels);
  });

  it("repairs totals that contradict each other", () => {
    const state = parseState(JSON.stringify({ v: SAVE_VERSION, points: 50, baked: 10, best: 5, levels: {} }));
    expect(state).toMatchObject({ points: 50, baked: 50, best: 50 });
  });
});

describe("formatting in pt-BR", () => {
  it("writes whole pães de queijo with a dot for thousands, compact from a million", () => {
    expect(formatPoints(0)).toBe("0");
    expect(formatPoints(3.99)).toBe("3");
    expect(formatPoints(1234)).toBe("1.234");
    expect(formatPoints(999_999.9)).toBe("999.999");
    expect(formatPoints(1_250_000)).toBe("1,3\u00a0mi");
    expect(formatPoints(3_400_000_000)).toBe("3,4\u00a0bi");
  });

  it("writes rates with at most one decimal", () => {
    expect(formatRate(0.5)).toBe("0,5");
    expect(formatRate(12)).toBe("12");
    expect(formatRate(1234.56)).toBe("1.234,6");
  });

  it("describes what an upgrade adds", () => {
    expect(effectText(getUpgrade("queijo"))).toBe("+1 por toque");
    expect(effectText(getUpgrade("forno"))).toBe("+5 por segundo");
  });
});
