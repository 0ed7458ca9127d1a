import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../server/env";

describe("configuration", () => {
  it("has working defaults: embedded database in ./data on port 3000", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_DEMO: "auto" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SUPABASE_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it("names the variable and the problem", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: deve começar com postgres/);
    expect(() => parseEnv({ SUPABASE_URL: "https://x.supabase.co" })).toThrow(/SUPABASE_ANON_KEY/);
  });
});
