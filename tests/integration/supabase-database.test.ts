import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "#server/db/engines";
import { loadMigrations, migrate } from "#server/db/migrate";
import type { Database } from "#server/db/types";
import { withUser } from "#server/db/with-user";
import { POSTGRES_BINARIES_PRESENT, startSupabaseShapedCluster, type SupabaseShapedCluster } from "./fixtures/supabase-shaped-postgres";
import { ensureBuild, killChildren, Proc, ROOT, startServer } from "./server-harness";

// Guida pointed at a Supabase project's database (issue #13, item 5), on a PostgreSQL
// cluster the test shapes like one (see the fixture): `postgres` is not a superuser, and
// auth.users is GoTrue's.

const skip = POSTGRES_BINARIES_PRESENT ? "" : " (skipped: no PostgreSQL server binaries under /usr/lib/postgresql)";

/** The local migration files as `supabase db push` reads them: `<version>_<name>.sql`. */
const localMigrations = loadMigrations().map((m) => {
  const [, version = "", name = ""] = /^([0-9]+)_(.*)\.sql$/.exec(m.name) ?? [];
  return { version, name, sql: m.sql };
});

/**
 * What `supabase db push` does to the database, as its pkg/migration (history.go, list.go,
 * apply.go) does it: create its history table if missing, read the versions recorded there,
 * then apply each local file whose version is missing, recording it in the same transaction.
 * Returns the versions it applied. Run as `postgres`, the role the CLI connects as.
 */
async function supabaseDbPush(url: string): Promise<string[]> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await sql.unsafe(`SET lock_timeout = '4s';
      CREATE SCHEMA IF NOT EXISTS supabase_migrations;
      CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY);
      ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[];
      ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text;`).simple();
    const remote = new Set(
      (await sql.unsafe<{ version: string }[]>(`SELECT version FROM supabase_migrations.schema_migrations ORDER BY version`)).map((r) => r.version),
    );
    const pending = localMigrations.filter((m) => !remote.has(m.version));
    for (const migration of pending) {
      await sql.begin(async (tx) => {
        await tx.unsafe(migration.sql).simple();
        await tx.unsafe(`INSERT INTO supabase_migrations.schema_migrations (version, name, statements) VALUES ($1, $2, $3)`, [
          migration.version,
          migration.name,
          [migration.sql],
        ]);
      });
    }
    return pending.map((m) => m.version);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** One statement as `role` on `database`. */
async function queryAs<T>(cluster: SupabaseShapedCluster, role: Parameters<SupabaseShapedCluster["url"]>[0], database: string, text: string, params: unknown[] = []): Promise<T[]> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(cluster.url(role, database), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    return (await sql.unsafe(text, params as never[])) as unknown as T[];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** GoTrue's own insert on sign-up: it supplies the id (the column has no default). */
async function goTrueSignUp(cluster: SupabaseShapedCluster, database: string, email: string, username: string): Promise<string> {
  const id = randomUUID();
  await queryAs(
    cluster,
    "supabase_auth_admin",
    database,
    `INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     VALUES ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '$2a$10$stand.in.bcrypt.hash', '{"provider":"email"}', $3::text::jsonb, now(), now(), now())`,
    [id, email, JSON.stringify({ full_name: `Pessoa ${username}`, username })],
  );
  return id;
}

describe.skipIf(Boolean(skip))(`a Supabase-shaped PostgreSQL${skip}`, () => {
  let cluster: SupabaseShapedCluster;
  let tmp: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "guida-supabase-db-"));
    cluster = await startSupabaseShapedCluster();
    await ensureBuild();
  }, 420_000);

  afterAll(async () => {
    killChildren();
    await cluster?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  describe("without SUPABASE_URL (local accounts)", () => {
    let project: string;
    beforeAll(async () => {
      project = await cluster.createProject();
    });

    it("the server refuses to start, naming SUPABASE_URL, and leaves the database untouched", { timeout: 120_000 }, async () => {
      const server = await startServer(path.join(tmp, "refused"), { DATABASE_URL: cluster.url("postgres", project) });
      const exit = await server.proc.waitForExit(90_000);
      expect(exit.code).toBe(78);
      expect(server.proc.output).toContain("SUPABASE_URL: required when DATABASE_URL is a Supabase project's database");
      expect(server.proc.output).not.toMatch(/listening on|at Object\.|\n\s+at /);
      const [schema] = await queryAs<{ profiles: string | null }>(cluster, "supabase_admin", project, `SELECT to_regclass('public.profiles')::text AS profiles`);
      expect(schema?.profiles).toBeNull();
    });

    it("db:seed refuses, with or without SUPABASE_URL, and writes no user", { timeout: 120_000 }, async () => {
      const seed = async (extra: NodeJS.ProcessEnv) => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(tmp, "seed"), DATABASE_URL: cluster.url("postgres", project) };
        delete env.SUPABASE_URL;
        delete env.SUPABASE_ANON_KEY;
        // `npm run db:seed` is this command.
        const proc = new Proc(path.join(ROOT, "node_modules", ".bin", "tsx"), ["server/cli.ts", "seed"], { ...env, ...extra });
        return { exit: await proc.waitForExit(90_000), output: proc.output };
      };
      const local = await seed({});
      expect(local.exit.code).toBe(1);
      expect(local.output).toContain("SUPABASE_URL");
      // With Supabase Auth configured the schema is migrated, but the demo residents are still refused.
      const withAuth = await seed({ SUPABASE_URL: "http://127.0.0.1:9", SUPABASE_ANON_KEY: "chave-anon" });
      expect(withAuth.exit.code).toBe(1);
      expect(withAuth.output).toContain("db:seed refused: DATABASE_URL is a Supabase project's database");
      expect(withAuth.output).not.toContain("demo town seeded");
      const [counts] = await queryAs<{ users: number; businesses: number }>(
        cluster,
        "supabase_admin",
        project,
        `SELECT (SELECT count(*) FROM auth.users)::int AS users, (SELECT count(*) FROM public.businesses)::int AS businesses`,
      );
      expect(counts).toEqual({ users: 0, businesses: 0 });
    });
  });

  describe("migrations applied by the server, as the non-superuser postgres", () => {
    let project: string;
    let db: Database;
    beforeAll(async () => {
      project = await cluster.createProject();
      db = await openPostgres(cluster.url("postgres", project), { prepare: true, max: 2 });
    });
    afterAll(async () => {
      await db?.close();
    });

    it("apply every file as postgres, who is no superuser and cannot create in schema auth", async () => {
      const [role] = await db.query<{ user: string; superuser: boolean; bypassrls: boolean; createInAuth: boolean }>(
        `SELECT current_user::text AS user, rolsuper AS superuser, rolbypassrls AS bypassrls,
                has_schema_privilege('auth', 'CREATE') AS "createInAuth"
         FROM pg_roles WHERE rolname = current_user`,
      );
      expect(role).toEqual({ user: "postgres", superuser: false, bypassrls: true, createInAuth: false });
      expect(await migrate(db, ROOT, { localAuth: false })).toEqual(loadMigrations().map((m) => m.name));
      const [owner] = await db.query<{ owner: string }>(`SELECT tableowner::text AS owner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'profiles'`);
      expect(owner?.owner).toBe("postgres");
    });

    it("then `supabase db push` finds every version recorded and applies nothing", async () => {
      expect(await supabaseDbPush(cluster.url("postgres", project))).toEqual([]);
      const recorded = await db.query<{ version: string; name: string; statements: number }>(
        `SELECT version, name, cardinality(statements)::int AS statements FROM supabase_migrations.schema_migrations ORDER BY version`,
      );
      expect(recorded).toEqual(localMigrations.map((m) => ({ version: m.version, name: m.name, statements: 1 })));
    });

    it("a GoTrue sign-up gets its profile, and RLS lets a Supabase JWT's user write only her own rows", async () => {
      const ana = await goTrueSignUp(cluster, project, "ana@exemplo.com", "ana_lima");
      const bruno = await goTrueSignUp(cluster, project, "bruno@exemplo.com", "bruno_reis");
      expect(await db.query(`SELECT username FROM public.profiles ORDER BY username`)).toEqual([{ username: "ana_lima" }, { username: "bruno_reis" }]);

      // The server's way: postgres switches to authenticated with the verified claims.
      const claims = (sub: string) => ({ role: "authenticated" as const, sub, email: null, aud: "authenticated", session_id: randomUUID() });
      const [post] = await withUser(db, claims(ana), (tx) =>
        tx.query<{ id: string }>(`INSERT INTO public.posts (author_id, content) VALUES ($1, 'Feira no sábado!') RETURNING id`, [ana]),
      );
      expect(post?.id).toBeTruthy();
      await expect(
        withUser(db, claims(bruno), (tx) => tx.query(`INSERT INTO public.posts (author_id, content) VALUES ($1, 'em nome da Ana')`, [ana])),
      ).rejects.toThrow(/row-level security/);
      const changed = await withUser(db, claims(bruno), (tx) =>
        tx.query(`UPDATE public.posts SET content = 'mudado' WHERE id = $1 RETURNING id`, [post!.id]),
      );
      expect(changed).toEqual([]);

      // PostgREST's way: authenticator, then set_config('role') and the JWT claims per request.
      const { default: postgres } = await import("postgres");
      const rest = postgres(cluster.url("authenticator", project), { max: 1, onnotice: () => {}, connect_timeout: 5 });
      try {
        const read = await rest.begin(async (tx) => {
          await tx.unsafe(`SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims(bruno))]);
          const mine = await tx.unsafe(`UPDATE public.posts SET content = 'mudado' WHERE id = $1 RETURNING id`, [post!.id]);
          const all = await tx.unsafe(`SELECT content FROM public.posts`);
          return { mine: [...mine], all: [...all] };
        });
        expect(read).toEqual({ mine: [], all: [{ content: "Feira no sábado!" }] });
      } finally {
        await rest.end({ timeout: 5 });
      }
    });
  });

  describe("a resident blocked while her GoTrue session lives (issue #25)", () => {
    // Blocking cannot end a GoTrue session here (auth.sessions is GoTrue's: end_sessions meets
    // insufficient_privilege and goes on), so her access token stays valid until it expires.
    // What holds instead: the restrictive policies refuse every write that token makes, at once.
    let project: string;
    let db: Database;
    beforeAll(async () => {
      project = await cluster.createProject();
      db = await openPostgres(cluster.url("postgres", project), { prepare: true, max: 2 });
      await migrate(db, ROOT, { localAuth: false });
    });
    afterAll(async () => {
      await db?.close();
    });

    it("keeps her session row but refuses every write of her token through the database API", async () => {
      const carla = await goTrueSignUp(cluster, project, "carla@exemplo.com", "carla_souza");
      const marta = await goTrueSignUp(cluster, project, "marta@exemplo.com", "marta_mod");
      await db.query(`SELECT public.grant_role('marta@exemplo.com', 'moderator')`);
      const session = randomUUID();
      await queryAs(cluster, "supabase_auth_admin", project, `INSERT INTO auth.sessions (id, user_id, created_at, updated_at) VALUES ($1, $2, now(), now())`, [session, carla]);
      const claims = (sub: string) => ({ role: "authenticated" as const, sub, email: null, aud: "authenticated", session_id: session });
      const [post] = await withUser(db, claims(carla), (tx) =>
        tx.query<{ id: string }>(`INSERT INTO public.posts (author_id, content) VALUES ($1, 'Promoção imperdível') RETURNING id`, [carla]),
      );
      const [news] = await db.query<{ id: string }>(`INSERT INTO public.news (author_id, title, summary, content) VALUES ($1, 'Antiga', 'r', 't') RETURNING id`, [marta]);
      await withUser(db, claims(marta), (tx) => tx.query(`SELECT public.moderate('post', $1, 'block', 'golpe')`, [post!.id]));
      // GoTrue's session is still there: the database could not end it.
      expect(await queryAs(cluster, "supabase_admin", project, `SELECT id FROM auth.sessions WHERE user_id = $1`, [carla])).toEqual([{ id: session }]);

      // PostgREST's way with her still-valid token: each write a resident makes, refused.
      const { default: postgres } = await import("postgres");
      const rest = postgres(cluster.url("authenticator", project), { max: 1, onnotice: () => {}, connect_timeout: 5 });
      const writes = [
        [`INSERT INTO public.posts (author_id, content) VALUES ($1, 'De novo')`, [carla]],
        [`INSERT INTO public.news (author_id, title, summary, content) VALUES ($1, 'Golpe', 'r', 't')`, [carla]],
        [`INSERT INTO public.sell_items (seller_id, title, price, condition, category) VALUES ($1, 'Golpe', 1, 'novo', 'Casa')`, [carla]],
        [`UPDATE public.profiles SET bio = 'Pix aqui' WHERE id = $1 RETURNING id`, [carla]],
        [`INSERT INTO public.user_favorites (user_id, item_id, item_type) VALUES ($1, $2, 'news')`, [carla, news!.id]],
      ] as const;
      try {
        for (const [text, params] of writes) {
          const attempt = rest.begin(async (tx) => {
            await tx.unsafe(`SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims(carla))]);
            return [...(await tx.unsafe(text, [...params] as never[]))];
          });
          await expect(attempt, text).rejects.toThrow(/row-level security/);
        }
      } finally {
        await rest.end({ timeout: 5 });
      }
      const [after] = await db.query<{ posts: number; bio: string }>(
        `SELECT (SELECT count(*) FROM public.posts WHERE author_id = $1)::int AS posts, (SELECT bio FROM public.profiles WHERE id = $1) AS bio`,
        [carla],
      );
      expect(after).toEqual({ posts: 1, bio: "" });
    });
  });

  it("recognises migrations `supabase db push` applied first, and applies none of them again", async () => {
    const project = await cluster.createProject();
    expect(await supabaseDbPush(cluster.url("postgres", project))).toEqual(localMigrations.map((m) => m.version));
    const db = await openPostgres(cluster.url("postgres", project), { prepare: true, max: 2 });
    try {
      expect(await migrate(db, ROOT, { localAuth: false })).toEqual([]);
      expect(await supabaseDbPush(cluster.url("postgres", project))).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
