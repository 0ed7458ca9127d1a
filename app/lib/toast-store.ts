/**
 * The spec's two toast systems share these numbers (point 9). The simple store shows at
 * most one toast at a time; the second system (sonner) shows up to three.
 */
export const SIMPLE_TOAST_LIMIT = 1;
export const TOASTER_VISIBLE_TOASTS = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const UPDATE_TOAST_DURATION_MS = 10_000;

export type SimpleToast = {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};

export type SimpleToastAction = { type: "add"; toast: SimpleToast } | { type: "dismiss"; id: number };

/** Pure reducer of the simple store: a new toast replaces what is shown beyond the limit. */
export function simpleToastReducer(state: SimpleToast[], action: SimpleToastAction): SimpleToast[] {
  switch (action.type) {
    case "add":
      return [action.toast, ...state].slice(0, SIMPLE_TOAST_LIMIT);
    case "dismiss":
      return state.filter((t) => t.id !== action.id);
  }
}

type Listener = (toasts: SimpleToast[]) => void;

/** A tiny global store (no React needed to push a toast), with timed dismissal. */
export function createSimpleToastStore(options: { setTimer?: (fn: () => void, ms: number) => unknown } = {}) {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  let toasts: SimpleToast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const dispatch = (action: SimpleToastAction) => {
    toasts = simpleToastReducer(toasts, action);
    for (const listener of listeners) listener(toasts);
  };
  return {
    toast(input: Omit<SimpleToast, "id">, durationMs = TOAST_DURATION_MS): number {
      const id = nextId++;
      dispatch({ type: "add", toast: { ...input, id } });
      setTimer(() => dispatch({ type: "dismiss", id }), durationMs);
      return id;
    },
    dismiss(id: number) {
      dispatch({ type: "dismiss", id });
    },
    get: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
