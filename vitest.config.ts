import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The import aliases (`~/`, `#core/`, `#server/`) come from tsconfig.json's paths, as in the app's build.
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/unit/setup.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // The container tests run in their own step (the docker project below).
          exclude: ["tests/integration/docker-*.test.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          globalSetup: ["tests/integration/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database clone; two at a time fit two cores.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // The Docker image and compose stack (tests/integration/docker-*.test.ts): one file at
          // a time, after the other suites, so image builds and three replicas never share the
          // two cores with tests bounded by wall-clock time.
          name: "docker",
          include: ["tests/integration/docker-*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 900_000,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
