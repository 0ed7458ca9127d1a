import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SIMPLE_TOAST_LIMIT,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_WIDTH_PX,
  TOASTER_VISIBLE_TOASTS,
  UPDATE_TOAST_DURATION_MS,
  createSimpleToastStore,
} from "~/lib/toast-store";

describe("toast numbers (spec point 9)", () => {
  it("match the spec", () => {
    expect(SIMPLE_TOAST_LIMIT).toBe(1);
    expect(TOASTER_VISIBLE_TOASTS).toBe(3);
    expect(TOAST_DURATION_MS).toBe(4000);
    expect(TOAST_WIDTH_PX).toBe(356);
    expect(TOAST_GAP_PX).toBe(14);
    expect(UPDATE_TOAST_DURATION_MS).toBe(10_000);
  });
});

describe("simple toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows at most one toast: the newest replaces the one shown", () => {
    const store = createSimpleToastStore();
    store.toast({ title: "Primeiro" });
    store.toast({ title: "Segundo" });
    expect(store.get().map((t) => t.title)).toEqual(["Segundo"]);
  });

  it("dismisses a toast after 4000 ms, not before", () => {
    const store = createSimpleToastStore();
    store.toast({ title: "Olá" });
    vi.advanceTimersByTime(3999);
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
  });

  it("tells subscribers", () => {
    const store = createSimpleToastStore();
    const seen: number[] = [];
    store.subscribe((toasts) => seen.push(toasts.length));
    const id = store.toast({ title: "x" });
    store.dismiss(id);
    expect(seen).toEqual([1, 0]);
  });
});
