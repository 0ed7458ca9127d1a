import { beforeAll, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import type { Claims, Database } from "#server/db/types";
import { claimBusiness, claimStatus, listPendingClaims, reviewClaim } from "#server/models/listing-proposals";
import { changeRole, outcomeOf } from "#server/models/moderation";
import { forEachEngine } from "./db";

// Issue #25, the red team's finding on "Este negócio é meu": a claim on a business that
// already has an owner. The moderator's queue names the current owner, and approving the
// claim tells that owner, in the same transaction as the transfer (review_claim, a SECURITY
// DEFINER function the database API calls too, so the rule holds whoever approves).

const ALICE = "00000000-0000-4000-8000-00000000a11c"; // owns the bakery
const BRUNO = "00000000-0000-4000-8000-00000000b404"; // claims it
const CARLA = "00000000-0000-4000-8000-00000000ca41"; // claims it too, and the free shop
const DORA = "00000000-0000-4000-8000-00000000d0aa"; // claims the bakery after Bruno got it
const MODE = "00000000-0000-4000-8000-0000000000de"; // moderator
const BAKERY = "30000000-0000-4000-8000-0000000000b1";
const SHOP = "30000000-0000-4000-8000-0000000000b2"; // nobody owns it
const GARAGE = "30000000-0000-4000-8000-0000000000b3"; // Alice's too: the rollback case
const as = (sub: string): Claims => ({ role: "authenticated", sub });

const TRANSFERRED = "Negócio transferido pela moderação";

async function createUser(db: Database, id: string, username: string, fullName: string): Promise<void> {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data, email_confirmed_at) VALUES ($1, $2, $3, now())`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

const claim = (db: Database, who: string, business: string, note = "") => outcomeOf(withUser(db, as(who), (tx) => claimBusiness(tx, who, business, note)));
const queue = (db: Database) => withUser(db, as(MODE), listPendingClaims);
const claimOf = async (db: Database, who: string, business: string) => (await queue(db)).find((c) => c.businessId === business && c.claimantName === who)!;
const review = (db: Database, who: string, id: string, approve: boolean) => outcomeOf(withUser(db, as(who), (tx) => reviewClaim(tx, id, approve, "")));
const ownerOf = async (db: Database, business: string) =>
  (await db.query<{ owner_id: string | null }>(`SELECT owner_id FROM public.businesses WHERE id = $1`, [business]))[0]!.owner_id;
const notices = (db: Database, who: string) =>
  withUser(db, as(who), (tx) =>
    tx.query<{ title: string; body: string; link: string }>(`SELECT title, body, link FROM public.notifications WHERE kind = 'moderation' ORDER BY created_at, title`),
  );

forEachEngine((getDb) => {
  beforeAll(async () => {
    const db = getDb();
    await createUser(db, ALICE, "alice", "Alice Dona");
    await createUser(db, BRUNO, "bruno", "Bruno Pretendente");
    await createUser(db, CARLA, "carla", "Carla Pretendente");
    await createUser(db, MODE, "moderadora", "Moderadora");
    await changeRole(db, "grant", "moderadora@exemplo.com.br", "moderator");
    await db.query(
      `INSERT INTO public.businesses (id, owner_id, name, category) VALUES ($1, $4, 'Padaria Serena', 'Padarias'), ($2, NULL, 'Mercearia Sem Dono', 'Mercados'),
         ($3, $4, 'Oficina da Alice', 'Oficinas')`,
      [BAKERY, SHOP, GARAGE, ALICE],
    );
    expect(await claim(db, BRUNO, BAKERY, "Comprei a padaria")).toBe("done");
    expect(await claim(db, CARLA, BAKERY)).toBe("done");
    expect(await claim(db, CARLA, SHOP)).toBe("done");
    expect(await claim(db, BRUNO, GARAGE)).toBe("done");
  });

  it("the moderator's queue names the current owner of a claimed business, and says when there is none", async () => {
    const bakery = await claimOf(getDb(), "Bruno Pretendente", BAKERY);
    expect(bakery).toMatchObject({ businessName: "Padaria Serena", ownerId: ALICE, ownerName: "Alice Dona", note: "Comprei a padaria" });
    expect(await claimOf(getDb(), "Carla Pretendente", SHOP)).toMatchObject({ ownerId: null, ownerName: null });
    // Residents see no queue at all (RLS shows them only their own claims, without the owner's name).
    expect(await withUser(getDb(), as(ALICE), listPendingClaims)).toEqual([]);
  });

  it("the transfer and the owner's notice commit together: when the notice cannot be written, the business stays the owner's", async () => {
    const db = getDb();
    // A stand-in failure of the notice's INSERT (a trigger made for this test only).
    await db.exec(`
      CREATE FUNCTION public.test_refuse_transfer_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_id = '${ALICE}' AND NEW.title = '${TRANSFERRED}' THEN RAISE EXCEPTION 'notice refused for this test' USING ERRCODE = 'check_violation'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_transfer_notice BEFORE INSERT ON public.notifications
        FOR EACH ROW EXECUTE FUNCTION public.test_refuse_transfer_notice();`);
    try {
      const garage = await claimOf(db, "Bruno Pretendente", GARAGE);
      expect(await review(db, MODE, garage.id, true)).not.toBe("done");
      expect(await ownerOf(db, GARAGE)).toBe(ALICE);
      expect((await claimOf(db, "Bruno Pretendente", GARAGE)).id).toBe(garage.id);
    } finally {
      await db.exec(`DROP TRIGGER test_refuse_transfer_notice ON public.notifications; DROP FUNCTION public.test_refuse_transfer_notice();`);
    }
  });

  it("approving a claim on an owned business moves it and tells the previous owner, in Portuguese, with a link", async () => {
    const db = getDb();
    const bakery = await claimOf(db, "Bruno Pretendente", BAKERY);
    // A resident cannot approve, through the app or the database API.
    expect(await review(db, ALICE, bakery.id, false)).toBe("refused");
    expect(await review(db, BRUNO, bakery.id, true)).toBe("refused");
    expect(await ownerOf(db, BAKERY)).toBe(ALICE);

    expect(await review(db, MODE, bakery.id, true)).toBe("done");
    expect(await ownerOf(db, BAKERY)).toBe(BRUNO);
    expect(await notices(db, ALICE)).toEqual([
      {
        title: TRANSFERRED,
        body:
          "A moderação transferiu “Padaria Serena” para outra pessoa, que pediu para ser dona dele. Você não pode mais editá-lo. " +
          "Se isso estiver errado, use “Informar erro” na página do negócio.",
        link: `/business/${BAKERY}`,
      },
    ]);
    expect(await notices(db, BRUNO)).toEqual([{ title: "Pedido aprovado: o negócio é seu", body: "Padaria Serena", link: `/business/${BAKERY}` }]);
    // Carla's claim on the same business is answered with it; she is not told of a transfer.
    expect((await notices(db, CARLA)).map((n) => n.title)).toEqual([]);
    expect((await queue(db)).map((c) => c.businessId)).not.toContain(BAKERY);
    // The claim keeps whom it took the business from (moderators read it; nobody writes it but review_claim).
    const [row] = await withUser(db, as(MODE), (tx) =>
      tx.query<{ status: string; previous_owner_id: string }>(`SELECT status, previous_owner_id FROM public.business_claims WHERE id = $1`, [bakery.id]),
    );
    expect(row).toEqual({ status: "approved", previous_owner_id: ALICE });
  });

  it("a claim on a business nobody owned tells nobody of a transfer, and a refused claim tells the owner nothing", async () => {
    const db = getDb();
    const shop = await claimOf(db, "Carla Pretendente", SHOP);
    expect(await review(db, MODE, shop.id, true)).toBe("done");
    expect(await ownerOf(db, SHOP)).toBe(CARLA);
    expect(await notices(db, CARLA)).toEqual([{ title: "Pedido aprovado: o negócio é seu", body: "Mercearia Sem Dono", link: `/business/${SHOP}` }]);

    const garage = await claimOf(db, "Bruno Pretendente", GARAGE);
    expect(await review(db, MODE, garage.id, false)).toBe("done");
    expect(await ownerOf(db, GARAGE)).toBe(ALICE);
    // Alice's only notice is still the bakery's transfer.
    expect((await notices(db, ALICE)).map((n) => n.title)).toEqual([TRANSFERRED]);
    const titles = await db.query<{ user_id: string; title: string }>(`SELECT user_id, title FROM public.notifications WHERE title = $1`, [TRANSFERRED]);
    expect(titles).toEqual([{ user_id: ALICE, title: TRANSFERRED }]);
  });

  it("a resident whose approved claim a later claim overturned reads that it is no longer theirs (/e-meu), not that it was approved", async () => {
    const db = getDb();
    const statusOf = (who: string, business: string) => withUser(db, as(who), (tx) => claimStatus(tx, who, business));
    expect(await statusOf(BRUNO, BAKERY)).toBe("owner");
    expect(await statusOf(CARLA, BAKERY)).toBe("rejected");
    expect(await statusOf(ALICE, SHOP)).toBeNull();

    await createUser(db, DORA, "dora", "Dora Pretendente");
    expect(await claim(db, DORA, BAKERY, "Comprei do Bruno")).toBe("done");
    expect(await statusOf(DORA, BAKERY)).toBe("pending");
    expect(await review(db, MODE, (await claimOf(db, "Dora Pretendente", BAKERY)).id, true)).toBe("done");
    expect(await statusOf(DORA, BAKERY)).toBe("owner");
    expect(await statusOf(BRUNO, BAKERY)).toBe("lost");
  });
});
