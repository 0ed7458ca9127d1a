import { afterEach, beforeEach, vi } from "vitest";

// As in the unit tests: an unexpected console.error in the test process is a failure
// (a swallowed database error would otherwise pass unnoticed). Child processes'
// output is captured by the tests themselves.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
