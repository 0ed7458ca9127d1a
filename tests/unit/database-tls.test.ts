import { describe, expect, it } from "vitest";
import { postgresTls } from "#server/db/tls";

// DATABASE_URL to another machine crosses a network: TLS unless the URL says otherwise.
describe("TLS to DATABASE_URL", () => {
  it("encrypts a connection to a host on another machine, Supabase's included", () => {
    for (const url of [
      "postgresql://postgres.abcd:senha@aws-0-sa-east-1.pooler.supabase.com:6543/postgres",
      "postgres://postgres:senha@db.abcd.supabase.co:5432/postgres",
      "postgres://guida@10.0.0.7/guida",
      "postgres://guida@db/guida",
      "postgres://guida@[2001:db8::5]:5432/guida",
      "postgres://guida@128.0.0.1/guida",
    ]) {
      expect(postgresTls(url), url).toBe("require");
    }
  });

  it("keeps loopback plain", () => {
    for (const url of [
      "postgres://postgres@127.0.0.1:54329/postgres",
      "postgres://postgres@127.0.1.1/postgres",
      "postgres://postgres@localhost/postgres",
      "postgres://postgres@LOCALHOST:5432/postgres",
      "postgres://postgres@[::1]:5432/postgres",
    ]) {
      expect(postgresTls(url), url).toBe(false);
    }
  });

  it("lets the URL's sslmode decide, both ways", () => {
    expect(postgresTls("postgres://guida@db/guida?sslmode=disable")).toBeUndefined();
    expect(postgresTls("postgres://guida@db.abcd.supabase.co/postgres?sslmode=verify-full")).toBeUndefined();
    expect(postgresTls("postgres://guida@127.0.0.1/guida?sslmode=require")).toBeUndefined();
    expect(postgresTls("postgres://guida@db.abcd.supabase.co/postgres?sslrootcert=system")).toBeUndefined();
  });
});
