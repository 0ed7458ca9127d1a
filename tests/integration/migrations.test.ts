import { expect, it } from "vitest";
import { loadCompatSql, loadMigrations, migrate } from "#server/db/migrate";
import { withUser } from "#server/db/with-user";
import { forEachEngine } from "./db";

const USER_ID = "00000000-0000-4000-8000-0000000000a1";

// Every file under supabase/migrations, in the order migrate() applies them.
const migrationNames = loadMigrations().map((m) => m.name);

// A blank database (nothing migrated), so the first migrate() really does the work.
forEachEngine(
  (getDb) => {
    it("applies every migration once, in name order, on a blank database", async () => {
      expect(migrationNames.length).toBeGreaterThan(0);
      expect(await migrate(getDb())).toEqual(migrationNames);
      const rows = await getDb().query<{ name: string }>(`SELECT name FROM public.guida_migrations ORDER BY name`);
      expect(rows.map((r) => r.name)).toEqual(migrationNames);
    });

    it("is a no-op the second time", async () => {
      const before = await getDb().query(`SELECT name, applied_at FROM public.guida_migrations ORDER BY name`);
      expect(await migrate(getDb())).toEqual([]);
      expect(await getDb().query(`SELECT name, applied_at FROM public.guida_migrations ORDER BY name`)).toEqual(before);
    });

    it("survives the compatibility SQL run twice more, directly", async () => {
      const db = getDb();
      await db.exec(loadCompatSql());
      await db.exec(loadCompatSql());
      const roles = await db.query<{ rolname: string }>(
        `SELECT rolname FROM pg_roles WHERE rolname IN ('anon', 'authenticated', 'service_role') ORDER BY rolname`,
      );
      expect(roles.map((r) => r.rolname)).toEqual(["anon", "authenticated", "service_role"]);
      // auth.uid()/auth.role() still read the request's claims as Supabase does.
      const [claims] = await withUser(db, { role: "authenticated", sub: USER_ID }, (tx) =>
        tx.query<{ uid: string; role: string; current: string }>(
          `SELECT auth.uid()::text AS uid, auth.role() AS role, current_user::text AS current`,
        ),
      );
      expect(claims).toEqual({ uid: USER_ID, role: "authenticated", current: "authenticated" });
      expect(await migrate(db)).toEqual([]);
    });

    it("enables row level security on every table in schema public", async () => {
      const tables = await getDb().query<{ name: string; rls: boolean }>(`
        SELECT c.relname AS name, c.relrowsecurity AS rls
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        ORDER BY c.relname`);
      // The spec's tables are all there, so an empty list cannot pass vacuously.
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(["profiles", "profile_private", "businesses", "sell_items", "posts", "poll_votes", "notifications", "user_favorites"]),
      );
      expect(tables.filter((t) => !t.rls).map((t) => t.name)).toEqual([]);
    });

    it("lets the database API call only the SECURITY DEFINER functions meant for it", async () => {
      // A function that runs as its owner skips row level security: the API's roles may call
      // only these (PostgreSQL, and Supabase's default privileges, grant EXECUTE to everyone
      // unless a migration revokes it). Trigger functions are left out: they run only as triggers.
      const callable = await getDb().query<{ fn: string; roles: string }>(`
        SELECT p.proname AS fn, string_agg(r.rolname, ',' ORDER BY r.rolname) AS roles
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        CROSS JOIN (VALUES ('anon'), ('authenticated')) AS r (rolname)
        WHERE n.nspname = 'public' AND p.prosecdef AND p.prorettype <> 'trigger'::regtype
          AND has_function_privilege(r.rolname, p.oid, 'EXECUTE')
        GROUP BY p.proname ORDER BY p.proname`);
      // Read inside policies (which run with the caller's privileges), or a moderator's action
      // that checks the caller's role itself (require_moderator).
      expect(callable).toEqual([
        { fn: "add_duty_turns", roles: "authenticated" }, // moderators and admins (issue #32)
        { fn: "has_role", roles: "anon,authenticated" }, // policies
        { fn: "is_blocked", roles: "anon,authenticated" }, // policies
        { fn: "item_is_hidden", roles: "authenticated" }, // the report form: "já foi ocultado" (issue #25)
        { fn: "moderate", roles: "authenticated" }, // moderators
        { fn: "my_trust", roles: "authenticated" }, // the caller's own trust level (issue #25)
        { fn: "owns_listing", roles: "authenticated" }, // policies: nobody reviews their own listing (issue #30)
        { fn: "poll_has_votes", roles: "anon,authenticated" }, // policies
        { fn: "remove_duty_turn", roles: "authenticated" }, // moderators and admins (issue #32)
        { fn: "remove_town_holiday", roles: "authenticated" }, // admins (issue #32)
        { fn: "report_weight", roles: "authenticated" }, // moderators (NULL to anyone else)
        { fn: "review_claim", roles: "authenticated" }, // moderators
        { fn: "review_event", roles: "authenticated" }, // moderators: the agenda's proposals (issue #32)
        { fn: "review_proposal", roles: "authenticated" }, // moderators
        { fn: "save_push_subscription", roles: "authenticated" }, // the caller's own device only: its endpoint becomes theirs (issue #31)
        { fn: "set_town_holiday", roles: "authenticated" }, // admins (issue #32)
        { fn: "unblock_resident", roles: "authenticated" }, // moderators
      ]);
    });

    it("leaves no role but the owner able to bypass row level security", async () => {
      const roles = await getDb().query<{ rolname: string; bypass: boolean }>(
        `SELECT rolname, rolbypassrls AS bypass FROM pg_roles WHERE rolname IN ('anon', 'authenticated') ORDER BY rolname`,
      );
      expect(roles).toEqual([
        { rolname: "anon", bypass: false },
        { rolname: "authenticated", bypass: false },
      ]);
    });
  },
  { migrated: false },
);

// A Supabase project migrated with the CLI (`supabase db push`): the CLI records each
// file's version in its own table, and the server must not apply those files again.
forEachEngine(
  (getDb) => {
    it("treats migrations the Supabase CLI already applied as applied", async () => {
      const db = getDb();
      await db.exec(loadCompatSql());
      await db.exec(`CREATE SCHEMA supabase_migrations;
        CREATE TABLE supabase_migrations.schema_migrations (version text PRIMARY KEY, name text)`);
      for (const migration of loadMigrations()) {
        await db.exec(migration.sql);
        await db.query(`INSERT INTO supabase_migrations.schema_migrations (version, name) VALUES ($1, $2)`, [
          migration.name.split("_")[0],
          migration.name,
        ]);
      }
      expect(await migrate(db)).toEqual([]);
    });
  },
  { migrated: false },
);

// A database the server migrated must not make `supabase db push` apply the files again
// ("relation profiles already exists"): the CLI reads supabase_migrations.schema_migrations.
forEachEngine(
  (getDb) => {
    it("records each version where the Supabase CLI reads it, also for files an older server applied", async () => {
      const db = getDb();
      const expected = migrationNames.map((name) => ({ version: name.split("_")[0], name: name.replace(/^[0-9]+_|\.sql$/g, "") }));
      expect(await migrate(db)).toEqual(migrationNames);
      const recorded = () =>
        db.query<{ version: string; name: string }>(`SELECT version, name FROM supabase_migrations.schema_migrations ORDER BY version`);
      expect(await recorded()).toEqual(expected);

      // A server from before this bookkeeping kept only guida_migrations: the next start fills the CLI's table in.
      await db.exec(`DROP SCHEMA supabase_migrations CASCADE`);
      expect(await migrate(db)).toEqual([]);
      expect(await recorded()).toEqual(expected);
    });
  },
  { migrated: false },
);
