import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error is a failure: tests that expect one stub it themselves.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
