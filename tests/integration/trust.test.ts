import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database } from "#server/db/types";
import { changeRole, moderateItem, outcomeOf, reportItem } from "#server/models/moderation";
import { myTrust } from "#server/models/trust";
import type { ReportableKind } from "#core/moderation";
import { forEachEngine } from "./db";

// Issue #25 in the database: the red team's brigading run and its variants. Three throwaway
// accounts made one address hide a moderator's post, a business and more; now a report
// weighs what its reporter earned (trust levels) and where it came from (a salted hash of
// the address the server passes, guida.client_address), and only trusted residents of
// distinct addresses hide a resident's content. Each report names its address: the loopback
// sources 127.0.0.2–127.0.0.9 stand for distinct residents' networks.

const as = (sub: string): Claims => ({ role: "authenticated", sub });
let serial = 0;

type Resident = { confirmed?: boolean; days?: number; published?: number; phoneOnly?: boolean };

/** An account as the sign-up makes it, aged and active as the test needs (written as the owner). */
async function resident(db: Database, { confirmed = true, days = 0, published = 0, phoneOnly = false }: Resident = {}): Promise<string> {
  const id = randomUUID();
  const username = `morador_${++serial}_${id.slice(0, 6)}`;
  await db.query(
    `INSERT INTO auth.users (id, email, phone, raw_user_meta_data, email_confirmed_at, created_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END, now() - make_interval(days => $6))`,
    [id, phoneOnly ? null : `${username}@exemplo.com.br`, phoneOnly ? `+55359${String(10_000_000 + serial).slice(-8)}` : null,
     JSON.stringify({ username, full_name: username }), confirmed, days],
  );
  if (published) {
    await db.query(`INSERT INTO public.posts (author_id, content) SELECT $1, 'Bom dia, Vila Serena ' || g FROM generate_series(1, $2) g`, [id, published]);
  }
  return id;
}

/** A trusted resident (level 2): confirmed e-mail, 60 days, 3 published posts. */
const trusted = (db: Database) => resident(db, { days: 60, published: 3 });

async function postBy(db: Database, author: string, content = "Pix premiado: mande 10 reais"): Promise<string> {
  const [row] = await db.query<{ id: string }>(`INSERT INTO public.posts (author_id, content) VALUES ($1, $2) RETURNING id`, [author, content]);
  return row!.id;
}

const report = (db: Database, who: string, address: string, kind: ReportableKind, id: string) =>
  outcomeOf(withUser(db, as(who), (tx) => reportItem(tx, who, { kind, id, reason: "golpe", note: "" }), address));

async function stateOf(db: Database, kind: "post" | "business", id: string): Promise<string> {
  const [row] = await db.query<{ state: string }>(`SELECT moderation_state AS state FROM public.${kind === "post" ? "posts" : "businesses"} WHERE id = $1`, [id]);
  return row!.state;
}

const weightOf = async (db: Database, kind: string, id: string) =>
  Number((await db.query<{ w: string }>(`SELECT public.open_report_weight($1, $2::uuid) AS w`, [kind, id]))[0]!.w);

forEachEngine((getDb) => {
  let author: string;
  let moderator: string;

  beforeAll(async () => {
    const db = getDb();
    author = await trusted(db);
    moderator = await trusted(db);
    const [row] = await db.query<{ email: string }>(`SELECT email FROM auth.users WHERE id = $1`, [moderator]);
    await changeRole(db, "grant", row!.email, "moderator");
  });

  describe("trust levels", () => {
    it("an unconfirmed or phone-only account cannot report; a confirmed one reaches the queue with no weight; 30 days and 3 published items weigh 1", async () => {
      const db = getDb();
      const post = await postBy(db, author);
      const unconfirmed = await resident(db, { confirmed: false, days: 90, published: 5 });
      const phoneOnly = await resident(db, { phoneOnly: true, days: 90, published: 5 });
      const fresh = await resident(db);
      const quiet = await resident(db, { days: 90, published: 2 });
      const member = await resident(db, { days: 30, published: 3 });

      const levels = async (who: string) => withUser(db, as(who), myTrust);
      expect(await levels(unconfirmed)).toMatchObject({ level: 0, weight: 0, confirmed: false, hasEmail: true });
      expect(await levels(phoneOnly)).toMatchObject({ level: 0, weight: 0, confirmed: false, hasEmail: false });
      expect(await levels(fresh)).toMatchObject({ level: 1, weight: 0, confirmed: true, accountDays: 0 });
      expect(await levels(quiet)).toMatchObject({ level: 1, weight: 0, contributions: 2 });
      expect(await levels(member)).toMatchObject({ level: 2, weight: 1, accountDays: 30, contributions: 3 });
      expect(await withUser(db, ANON, (tx) => tx.query(`SELECT public.report_weight('post', $1::uuid) AS w`, [post])).catch((e: Error) => e.message)).toMatch(
        /permission denied/,
      );

      expect(await report(db, unconfirmed, "127.0.0.2", "post", post)).toBe("untrusted");
      expect(await report(db, phoneOnly, "127.0.0.3", "post", post)).toBe("untrusted");
      expect(await report(db, fresh, "127.0.0.4", "post", post)).toBe("done");
      expect(await report(db, quiet, "127.0.0.5", "post", post)).toBe("done");
      expect(await weightOf(db, "post", post)).toBe(0);
      expect(await report(db, member, "127.0.0.6", "post", post)).toBe("done");
      expect(await weightOf(db, "post", post)).toBe(1);
      // The moderator's queue shows what the reports weigh; a resident learns nothing.
      const asked = (who: string) => withUser(db, as(who), (tx) => tx.query<{ w: number | null }>(`SELECT public.report_weight('post', $1::uuid)::float8 AS w`, [post]));
      expect(await asked(moderator)).toEqual([{ w: 1 }]);
      expect(await asked(member)).toEqual([{ w: null }]);
    });

    it("upheld reports raise a reporter's weight (up to 2), dismissed ones lower it (down to 0)", async () => {
      const db = getDb();
      const good = await trusted(db);
      const careless = await trusted(db);
      for (let i = 0; i < 5; i++) {
        const post = await postBy(db, author, `Golpe ${i}`);
        expect(await report(db, good, "127.0.0.2", "post", post)).toBe("done");
        expect(await report(db, careless, "127.0.0.3", "post", post)).toBe("done");
        // Three of them upheld, two dismissed: the same decisions reach both reporters.
        expect(await outcomeOf(withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: post, action: i < 3 ? "hide" : "dismiss", note: "" })))).toBe("done");
      }
      // good: 1 + 3 × 0.25 − 2 × 0.5 = 0.75; careless was dismissed twice more.
      expect(await withUser(db, as(good), myTrust)).toMatchObject({ level: 2, upheld: 3, dismissed: 2, weight: 0.75 });
      for (let i = 0; i < 2; i++) {
        const post = await postBy(db, author, `Rifa ${i}`);
        expect(await report(db, careless, "127.0.0.3", "post", post)).toBe("done");
        expect(await outcomeOf(withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: post, action: "restore", note: "" })))).toBe("done");
      }
      expect(await withUser(db, as(careless), myTrust)).toMatchObject({ level: 2, upheld: 3, dismissed: 4, weight: 0 });
      for (let i = 0; i < 3; i++) {
        const post = await postBy(db, author, `Golpe de novo ${i}`);
        expect(await report(db, good, "127.0.0.2", "post", post)).toBe("done");
        expect(await outcomeOf(withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: post, action: "hide", note: "" })))).toBe("done");
      }
      // At most four upheld reports count: 1 + 1 − 1 = 1.
      expect(await withUser(db, as(good), myTrust)).toMatchObject({ upheld: 6, dismissed: 2, weight: 1 });
    });

    it("every reporter hears the moderators' decision, with the item when it is still shown", async () => {
      const db = getDb();
      const [a, b] = [await trusted(db), await trusted(db)];
      const post = await postBy(db, author, "Vendo rifa da quermesse");
      await report(db, a, "127.0.0.2", "post", post);
      await report(db, b, "127.0.0.3", "post", post);
      await outcomeOf(withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: post, action: "dismiss", note: "" })));
      const told = await db.query<{ user_id: string; title: string; body: string; link: string | null }>(
        `SELECT user_id, title, body, link FROM public.notifications WHERE user_id IN ($1, $2) AND kind = 'moderation' ORDER BY user_id`,
        [a, b],
      );
      expect(told).toHaveLength(2);
      for (const note of told) {
        expect(note).toMatchObject({ title: "A moderação analisou sua denúncia", link: `/posts/${post}` });
        expect(note.body).toBe("A moderação analisou sua denúncia sobre “Vendo rifa da quermesse” e decidiu mantê-lo no ar. Obrigado por avisar.");
      }
    });
  });

  describe("the brigading run and its variants", () => {
    it("three fresh accounts from one address hide nothing (unconfirmed ones cannot even report)", async () => {
      const db = getDb();
      const post = await postBy(db, author);
      for (let i = 0; i < 3; i++) expect(await report(db, await resident(db, { confirmed: false }), "127.0.0.2", "post", post)).toBe("untrusted");
      for (let i = 0; i < 3; i++) expect(await report(db, await resident(db), "127.0.0.2", "post", post)).toBe("done");
      expect(await stateOf(db, "post", post)).toBe("visible");
    });

    it("three fresh confirmed accounts from three addresses hide nothing", async () => {
      const db = getDb();
      const post = await postBy(db, author);
      for (const address of ["127.0.0.2", "127.0.0.3", "127.0.0.4"]) expect(await report(db, await resident(db), address, "post", post)).toBe("done");
      expect(await weightOf(db, "post", post)).toBe(0);
      expect(await stateOf(db, "post", post)).toBe("visible");
    });

    it("three trusted residents from three addresses hide a resident's post", async () => {
      const db = getDb();
      const post = await postBy(db, author);
      for (const address of ["127.0.0.2", "127.0.0.3"]) expect(await report(db, await trusted(db), address, "post", post)).toBe("done");
      expect(await stateOf(db, "post", post)).toBe("visible");
      expect(await report(db, await trusted(db), "127.0.0.4", "post", post)).toBe("done");
      expect(await stateOf(db, "post", post)).toBe("hidden");
    });

    it("trusted residents sharing one address weigh as one, however many: a weight, not a veto", async () => {
      const db = getDb();
      const post = await postBy(db, author);
      for (let i = 0; i < 4; i++) expect(await report(db, await trusted(db), "127.0.0.2", "post", post)).toBe("done");
      expect(await weightOf(db, "post", post)).toBe(1);
      expect(await stateOf(db, "post", post)).toBe("visible");
      // Neighbours behind one carrier NAT still count, together with residents elsewhere.
      for (const address of ["127.0.0.3", "127.0.0.4"]) expect(await report(db, await trusted(db), address, "post", post)).toBe("done");
      expect(await stateOf(db, "post", post)).toBe("hidden");
    });

    it("a report from the author's own address weighs half, and so does one with no address (the database API)", async () => {
      const db = getDb();
      const writer = await trusted(db);
      const post = await withUser(db, as(writer), async (tx) => {
        const [row] = await tx.query<{ id: string }>(`INSERT INTO public.posts (author_id, content) VALUES ($1, 'Rifa') RETURNING id`, [writer]);
        return row!.id;
      }, "127.0.0.7");
      expect(await report(db, await trusted(db), "127.0.0.7", "post", post)).toBe("done");
      expect(await weightOf(db, "post", post)).toBe(0.5);
      expect(await report(db, await trusted(db), "", "post", post)).toBe("done");
      expect(await weightOf(db, "post", post)).toBe(1);
    });

    it("three trusted residents from three addresses do not hide a moderator's post, a business, a service or a driver: they wait in the queue", async () => {
      const db = getDb();
      const staffPost = await postBy(db, moderator, "Aviso da moderação");
      const [listings] = await db.query<{ business: string; service: string; driver: string }>(
        `WITH b AS (INSERT INTO public.businesses (owner_id, name, category) VALUES ($1, 'Padaria', 'Padarias') RETURNING id),
              s AS (INSERT INTO public.services (owner_id, name, category) VALUES ($1, 'Reformas', 'Reformas') RETURNING id),
              d AS (INSERT INTO public.drivers (owner_id, name, vehicle_kind) VALUES ($1, 'Moto', 'moto') RETURNING id)
         SELECT (SELECT id FROM b) AS business, (SELECT id FROM s) AS service, (SELECT id FROM d) AS driver`,
        [author],
      );
      const reporters = [await trusted(db), await trusted(db), await trusted(db)];
      const targets: [ReportableKind, string][] = [["post", staffPost], ["business", listings!.business], ["service", listings!.service], ["driver", listings!.driver]];
      for (const [kind, id] of targets) {
        for (const [i, who] of reporters.entries()) expect(await report(db, who, `127.0.0.${i + 2}`, kind, id)).toBe("done");
        expect(await weightOf(db, kind, id)).toBe(3);
      }
      const states = await db.query<{ state: string }>(
        `SELECT moderation_state AS state FROM public.posts WHERE id = $1
         UNION ALL SELECT moderation_state FROM public.businesses WHERE id = $2
         UNION ALL SELECT moderation_state FROM public.services WHERE id = $3
         UNION ALL SELECT moderation_state FROM public.drivers WHERE id = $4`,
        [staffPost, listings!.business, listings!.service, listings!.driver],
      );
      expect(states.map((s) => s.state)).toEqual(["visible", "visible", "visible", "visible"]);
      const queued = await db.query<{ n: number }>(`SELECT count(DISTINCT item_id)::int AS n FROM public.reports WHERE resolved_at IS NULL AND item_id = ANY($1::uuid[])`, [
        targets.map(([, id]) => id),
      ]);
      expect(queued).toEqual([{ n: 4 }]);
    });

    it("after a moderator restores an item its reports stop counting, and accounts made after the restore never hide it", async () => {
      const db = getDb();
      const post = await postBy(db, author, "Festa junina na praça");
      const first = [await trusted(db), await trusted(db), await trusted(db)];
      for (const [i, who] of first.entries()) await report(db, who, `127.0.0.${i + 2}`, "post", post);
      expect(await stateOf(db, "post", post)).toBe("hidden");
      expect(await outcomeOf(withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: post, action: "restore", note: "" })))).toBe("done");
      expect(await stateOf(db, "post", post)).toBe("visible");
      expect(await weightOf(db, "post", post)).toBe(0);
      // The same residents cannot report it again.
      expect(await report(db, first[0]!, "127.0.0.2", "post", post)).toBe("duplicate");
      // The restore was 40 days ago: accounts made since are trusted by now (35 days, 3 posts),
      // and still weigh nothing on this item, from any number of addresses.
      await db.query(`UPDATE public.moderation_log SET created_at = now() - interval '40 days' WHERE item_id = $1 AND action = 'restore'`, [post]);
      for (let i = 0; i < 4; i++) {
        const newer = await resident(db, { days: 35, published: 3 });
        expect(await report(db, newer, `127.0.0.${i + 5}`, "post", post)).toBe("done");
      }
      expect(await weightOf(db, "post", post)).toBe(0);
      expect(await stateOf(db, "post", post)).toBe("visible");
      // Residents who were there before the restore still can.
      for (const address of ["127.0.0.2", "127.0.0.3", "127.0.0.4"]) await report(db, await trusted(db), address, "post", post);
      expect(await stateOf(db, "post", post)).toBe("hidden");
    });

    it("reporting an item that is already hidden says so, not that the account is blocked", async () => {
      const db = getDb();
      const post = await postBy(db, author);
      await outcomeOf(withUser(db, as(moderator), (tx) => moderateItem(tx, { kind: "post", id: post, action: "hide", note: "" })));
      expect(await report(db, await trusted(db), "127.0.0.2", "post", post)).toBe("hidden");
    });
  });

  describe("addresses", () => {
    it("are kept as salted hashes of their prefix: an IPv4 address whole, an IPv6 address's /64", async () => {
      const db = getDb();
      const [h] = await db.query<Record<string, string>>(
        `SELECT public.address_hash('127.0.0.2') AS a, public.address_hash('::ffff:127.0.0.2') AS mapped, public.address_hash('127.0.0.3') AS b,
                public.address_hash('2001:db8:1:2::1') AS v6, public.address_hash('2001:db8:1:2:ffff::9') AS same64,
                public.address_hash('2001:db8:1:3::1') AS other64, public.address_hash('unknown') AS junk`,
      );
      expect(h!.a).toMatch(/^[0-9a-f]{64}$/);
      expect(h!.mapped).toBe(h!.a);
      expect(h!.b).not.toBe(h!.a);
      expect(h!.same64).toBe(h!.v6);
      expect(h!.other64).not.toBe(h!.v6);
      expect(h!.junk).toBeNull();
      // Salted: not the plain hash of the address.
      const [plain] = await db.query<{ p: string }>(`SELECT encode(sha256(convert_to('127.0.0.2', 'UTF8')), 'hex') AS p`);
      expect(h!.a).not.toBe(plain!.p);
    });

    it("are deleted after address_days (30)", async () => {
      const db = getDb();
      const old = await trusted(db);
      await report(db, old, "127.0.0.9", "post", await postBy(db, author));
      expect(await db.query(`SELECT 1 FROM public.resident_addresses WHERE user_id = $1`, [old])).toHaveLength(1);
      await db.query(`UPDATE public.resident_addresses SET last_seen_at = now() - interval '31 days' WHERE user_id = $1`, [old]);
      // Any new hash purges the old ones (and the server runs the purge hourly).
      await report(db, await trusted(db), "127.0.0.8", "post", await postBy(db, author));
      expect(await db.query(`SELECT 1 FROM public.resident_addresses WHERE user_id = $1`, [old])).toEqual([]);
    });

    it("nobody but the owner reads them, computes another resident's trust or raises their own", async () => {
      const db = getDb();
      const me = await trusted(db);
      const roles: Claims[] = [ANON, as(me), as(moderator), { role: "service_role" } as unknown as Claims];
      for (const claims of roles) {
        const tried = (sql: string, params: unknown[] = []) =>
          withUser(db, claims, (tx) => tx.query(sql, params)).then(() => "allowed", (e: Error) => e.message);
        expect(await tried(`SELECT address_hash FROM public.resident_addresses`)).toMatch(/permission denied/);
        expect(await tried(`SELECT * FROM public.trust_of($1::uuid)`, [me])).toMatch(/permission denied/);
        expect(await tried(`SELECT public.address_hash('127.0.0.2')`)).toMatch(/permission denied/);
        expect(await tried(`SELECT salt FROM guida_private.address_salt`)).toMatch(/permission denied/);
      }
      const mine = (sql: string, params: unknown[]) => withUser(db, as(me), (tx) => tx.query(sql, params)).then(() => "allowed", (e: Error) => e.message);
      expect(await mine(`UPDATE public.reports SET outcome = 'upheld' WHERE reporter_id = $1`, [me])).toMatch(/permission denied/);
      expect(await mine(`UPDATE auth.users SET created_at = now() - interval '1 year', email_confirmed_at = now() WHERE id = $1`, [me])).toMatch(
        /permission denied/,
      );
      expect(await mine(`UPDATE public.moderation_settings SET trusted_after_days = 0`, [])).toMatch(/permission denied/);
    });
  });
});
