import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "#server/env";

// Secrets from files (Docker/Compose secrets, Kubernetes): DATABASE_URL_FILE and its kin name
// a file whose content is the value, so no password sits in the environment or the compose file.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-env-files-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function secret(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

describe("secrets read from *_FILE variables", () => {
  it("reads DATABASE_URL from DATABASE_URL_FILE, without the file's final newline", () => {
    const file = secret("database_url", "postgres://guida:s3nha@db:5432/guida?sslmode=disable\n");
    expect(parseEnv({ DATABASE_URL_FILE: file }).DATABASE_URL).toBe("postgres://guida:s3nha@db:5432/guida?sslmode=disable");
  });

  it("reads every secret the same way (listen URL, Supabase keys, SMTP)", () => {
    const env = parseEnv({
      DATABASE_URL_FILE: secret("a", "postgres://x@db/guida"),
      DATABASE_LISTEN_URL_FILE: secret("b", "postgres://x@db:5432/guida"),
      SUPABASE_URL: "https://x.supabase.co",
      SUPABASE_ANON_KEY_FILE: secret("c", "anon-key"),
      SUPABASE_SERVICE_ROLE_KEY_FILE: secret("d", "service-key"),
      SMTP_URL_FILE: secret("e", "smtp://mail.exemplo.com:587"),
    });
    expect(env).toMatchObject({
      DATABASE_LISTEN_URL: "postgres://x@db:5432/guida",
      SUPABASE_ANON_KEY: "anon-key",
      SUPABASE_SERVICE_ROLE_KEY: "service-key",
      SMTP_URL: "smtp://mail.exemplo.com:587",
    });
  });

  it("validates the file's content as it validates the variable", () => {
    expect(() => parseEnv({ DATABASE_URL_FILE: secret("bad", "mysql://x\n") })).toThrow(/DATABASE_URL: deve começar com postgres/);
  });

  it("names the variable and the file it cannot read", () => {
    const missing = path.join(dir, "absent");
    expect(() => parseEnv({ DATABASE_URL_FILE: missing })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_URL_FILE: missing })).toThrow(new RegExp(`DATABASE_URL_FILE: .*${missing}.*ENOENT`));
  });

  it("refuses both a variable and its file, which would leave the reader guessing which one counts", () => {
    const file = secret("database_url", "postgres://x@db/guida");
    expect(() => parseEnv({ DATABASE_URL: "postgres://y@db/guida", DATABASE_URL_FILE: file })).toThrow(/DATABASE_URL_FILE: .*DATABASE_URL/);
  });
});

describe("Web Push keys (issue #31)", () => {
  it("reads VAPID_PRIVATE_KEY from VAPID_PRIVATE_KEY_FILE and refuses half a pair", () => {
    const env = parseEnv({ VAPID_PUBLIC_KEY: "P".repeat(87), VAPID_PRIVATE_KEY_FILE: secret("vapid", `${"k".repeat(43)}\n`) });
    expect(env.VAPID_PRIVATE_KEY).toBe("k".repeat(43));
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "P".repeat(87) })).toThrow(EnvError);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "curta", VAPID_PRIVATE_KEY: "k".repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});
