import { describe, expect, it } from "vitest";
import { accessLogMode, EnvError, parseEnv } from "#server/env";

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

describe("the public origin of links that leave the site", () => {
  it("is required in production when reset links are mailed (SMTP or Supabase Auth), naming PUBLIC_URL", () => {
    const production = { NODE_ENV: "production" };
    expect(() => parseEnv({ ...production, SMTP_URL: "smtp://mail.exemplo.com:587" })).toThrow(/PUBLIC_URL: .*SMTP_URL/);
    expect(() => parseEnv({ ...production, SUPABASE_URL: "https://x.supabase.co", SUPABASE_ANON_KEY: "k" })).toThrow(/PUBLIC_URL/);
    expect(parseEnv({ ...production, SMTP_URL: "smtp://mail.exemplo.com:587", PUBLIC_URL: "https://guida.exemplo.com.br" }).PUBLIC_URL).toBe(
      "https://guida.exemplo.com.br",
    );
    // Without mail the link goes to the log, built on the configured origin or the loopback address.
    expect(parseEnv(production).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
  });
});

// Issue #15: LISTEN needs a session; Supabase's transaction pooler (port 6543) has none.
describe("the change listener's connection", () => {
  const pooler = "postgres://postgres.abc:senha@aws-0-sa-east-1.pooler.supabase.com:6543/postgres";
  const session = "postgres://postgres.abc:senha@aws-0-sa-east-1.pooler.supabase.com:5432/postgres";

  it("refuses a transaction pooler URL without DATABASE_LISTEN_URL, naming it", () => {
    expect(() => parseEnv({ DATABASE_URL: pooler })).toThrow(/DATABASE_LISTEN_URL: obrigatória .*pooler de transações/);
    expect(() => parseEnv({ DATABASE_URL: "postgres://u:p@db.exemplo.com:5432/guida?pgbouncer=true" })).toThrow(/DATABASE_LISTEN_URL/);
  });

  it("takes the session URL for listening, and needs none for a direct or session connection", () => {
    expect(parseEnv({ DATABASE_URL: pooler, DATABASE_LISTEN_URL: session }).DATABASE_LISTEN_URL).toBe(session);
    expect(parseEnv({ DATABASE_URL: session }).DATABASE_LISTEN_URL).toBeUndefined();
    expect(() => parseEnv({ DATABASE_URL: pooler, DATABASE_LISTEN_URL: "mysql://x" })).toThrow(/DATABASE_LISTEN_URL: deve começar com postgres/);
  });
});

// Issue #17's bench measures pages cold: SERVER_CACHES=off stores nothing. A deployment must
// never run so by a stray variable: production accepts only the explicit value.
describe("the server's caches switch", () => {
  it("is on by default, off on request, and refused off in production unless spelled out", () => {
    expect(parseEnv({}).SERVER_CACHES).toBe("on");
    expect(parseEnv({ SERVER_CACHES: "off" }).SERVER_CACHES).toBe("off");
    expect(() => parseEnv({ NODE_ENV: "production", SERVER_CACHES: "off" })).toThrow(/SERVER_CACHES: .*off-in-production/);
    expect(parseEnv({ NODE_ENV: "production", SERVER_CACHES: "off-in-production" }).SERVER_CACHES).toBe("off-in-production");
    expect(() => parseEnv({ SERVER_CACHES: "nao" })).toThrow(/SERVER_CACHES/);
  });
});

describe("the access log (ACCESS_LOG)", () => {
  const mode = (source: Record<string, string>) => accessLogMode(parseEnv(source));

  it("logs only errors and slow requests in production unless told otherwise, every request elsewhere", () => {
    expect(mode({ NODE_ENV: "production" })).toEqual({ kind: "filtered", sample: 0, slowMs: 1000 });
    expect(mode({ NODE_ENV: "development" })).toEqual({ kind: "all" });
    expect(mode({ NODE_ENV: "production", ACCESS_LOG: "" })).toEqual({ kind: "filtered", sample: 0, slowMs: 1000 });
  });

  it("takes all (or the old on), off, errors-and-slow with its threshold, and a sample rate", () => {
    expect(mode({ NODE_ENV: "production", ACCESS_LOG: "all" })).toEqual({ kind: "all" });
    expect(mode({ NODE_ENV: "production", ACCESS_LOG: "on" })).toEqual({ kind: "all" });
    expect(mode({ ACCESS_LOG: "off" })).toEqual({ kind: "off" });
    expect(mode({ ACCESS_LOG: "errors-and-slow", ACCESS_LOG_SLOW_MS: "250" })).toEqual({ kind: "filtered", sample: 0, slowMs: 250 });
    expect(mode({ ACCESS_LOG: "0.01" })).toEqual({ kind: "filtered", sample: 0.01, slowMs: 1000 });
    expect(mode({ ACCESS_LOG: "1" })).toEqual({ kind: "all" });
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of ["yes", "0", "1.5", "-0.1", "10%"]) {
      expect(() => parseEnv({ ACCESS_LOG: value }), value).toThrow(/ACCESS_LOG: deve ser all, errors-and-slow, off ou uma fração/);
    }
  });
});
