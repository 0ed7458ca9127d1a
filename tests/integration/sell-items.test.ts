import { beforeAll, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { ANON, type Claims, type Database } from "#server/db/types";
import {
  createSellItem,
  deleteSellItem,
  getSellItem,
  getSellItemOwner,
  listSellItemCategories,
  listSellItems,
  listSellItemsBySeller,
  SELL_ITEMS_PAGE_SIZE,
  setSellItemStatus,
  updateSellItem,
  type SellItemValues,
} from "#server/models/sell-items";
import { forEachEngine } from "./db";

/**
 * The marketplace model against real engines: what the routes rely on. Ownership is
 * never checked in code by these functions, so every refusal below comes from RLS.
 */

const ALICE = "00000000-0000-4000-8000-0000000a11ce";
const BRUNO = "00000000-0000-4000-8000-0000000b4100";
const MISSING = "10000000-0000-4000-8000-00000000dead";

const as = (sub: string): Claims => ({ role: "authenticated", sub });
const RLS_VIOLATION = /row-level security/;
const CHECK_VIOLATION = /violates check constraint/;

const bike: SellItemValues = {
  title: "Bicicleta aro 29",
  description: "Revisada, pneus novos.",
  price: "1200.00",
  condition: "seminovo",
  category: "Bicicletas",
  location: "Centro",
};

async function createUser(db: Database, id: string, username: string, fullName: string): Promise<void> {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

forEachEngine((getDb) => {
  const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);
  const snapshot = (id: string) => owner<Record<string, unknown>>(`SELECT * FROM public.sell_items WHERE id = $1`, [id]);
  const aliceCreates = (values: Partial<SellItemValues> = {}, images: string[] = []) =>
    withUser(getDb(), as(ALICE), (tx) => createSellItem(tx, ALICE, { ...bike, ...values }, images));

  beforeAll(async () => {
    await createUser(getDb(), ALICE, "alice", "Alice Souza");
    await createUser(getDb(), BRUNO, "bruno", "Bruno Lima");
  });

  describe("create", () => {
    it("publishes an item for the caller, read back with the seller's public profile", async () => {
      const id = await aliceCreates({}, ["/media/photo/a1", "/media/photo/a2"]);
      const item = await withUser(getDb(), ANON, (tx) => getSellItem(tx, id));
      expect(item).toMatchObject({
        id,
        title: "Bicicleta aro 29",
        description: "Revisada, pneus novos.",
        price: "1200.00",
        condition: "seminovo",
        category: "Bicicletas",
        location: "Centro",
        images: ["/media/photo/a1", "/media/photo/a2"],
        status: "available",
        soldAt: null,
        sellerId: ALICE,
        sellerName: "Alice Souza",
        sellerUsername: "alice",
      });
    });

    it("refuses an item published in someone else's name", async () => {
      await expect(
        withUser(getDb(), as(BRUNO), (tx) => createSellItem(tx, ALICE, { ...bike, title: "Forjado pelo Bruno" }, [])),
      ).rejects.toThrow(RLS_VIOLATION);
      expect(await owner(`SELECT 1 FROM public.sell_items WHERE title = 'Forjado pelo Bruno'`)).toEqual([]);
    });

    it("refuses a visitor", async () => {
      await expect(withUser(getDb(), ANON, (tx) => createSellItem(tx, ALICE, bike, []))).rejects.toThrow();
    });

    it("unknown or malformed ids read as missing", async () => {
      expect(await withUser(getDb(), ANON, (tx) => getSellItem(tx, MISSING))).toBeNull();
      expect(await withUser(getDb(), ANON, (tx) => getSellItem(tx, "not-a-uuid"))).toBeNull();
      expect(await withUser(getDb(), ANON, (tx) => getSellItemOwner(tx, "not-a-uuid"))).toBeNull();
    });
  });

  describe("price bounds are the database's, whatever the caller sends", () => {
    it.each(["0.00", "0.01", "10000000.00"])("accepts %s", async (price) => {
      const id = await aliceCreates({ title: `Preço ${price}`, price });
      expect((await snapshot(id))[0]?.price).toBeDefined();
      const item = await withUser(getDb(), ANON, (tx) => getSellItem(tx, id));
      expect(item?.price).toBe(price);
    });

    it.each(["-0.01", "-5.00", "10000000.01", "99999999.99"])("refuses %s", async (price) => {
      await expect(aliceCreates({ title: `Fora do limite ${price}`, price })).rejects.toThrow(CHECK_VIOLATION);
      expect(await owner(`SELECT 1 FROM public.sell_items WHERE title = $1`, [`Fora do limite ${price}`])).toEqual([]);
    });

    it("refuses an update to a negative price too", async () => {
      const id = await aliceCreates({ title: "Para reajustar" });
      await expect(
        withUser(getDb(), as(ALICE), (tx) =>
          updateSellItem(tx, id, { ...bike, price: "-1.00" }, { removeImages: [], addImages: [], maxImages: 6 }),
        ),
      ).rejects.toThrow(CHECK_VIOLATION);
      expect((await snapshot(id))[0]?.price).toMatch(/^1200(\.00)?$/);
    });

    it("refuses an empty title and more than 6 photos", async () => {
      await expect(aliceCreates({ title: "   " })).rejects.toThrow(CHECK_VIOLATION);
      const seven = Array.from({ length: 7 }, (_, i) => `/media/photo/p${i}`);
      await expect(aliceCreates({ title: "Sete fotos" }, seven)).rejects.toThrow(CHECK_VIOLATION);
    });
  });

  describe("another user cannot change what Alice published (RLS)", () => {
    let id: string;
    beforeAll(async () => {
      id = await aliceCreates({ title: "Geladeira da Alice" }, ["/media/photo/g1"]);
    });

    it("cannot update it", async () => {
      const before = await snapshot(id);
      const result = await withUser(getDb(), as(BRUNO), (tx) =>
        updateSellItem(tx, id, { ...bike, title: "Agora é do Bruno", price: "1.00" }, {
          removeImages: ["/media/photo/g1"],
          addImages: ["/media/photo/bruno"],
          maxImages: 6,
        }),
      );
      expect(result).toEqual({ outcome: "forbidden" });
      expect(await snapshot(id)).toEqual(before);
    });

    it("cannot mark it sold", async () => {
      const before = await snapshot(id);
      expect(await withUser(getDb(), as(BRUNO), (tx) => setSellItemStatus(tx, id, "sold"))).toBe("forbidden");
      expect(await snapshot(id)).toEqual(before);
    });

    it("cannot delete it", async () => {
      const before = await snapshot(id);
      expect(await withUser(getDb(), as(BRUNO), (tx) => deleteSellItem(tx, id))).toEqual({ outcome: "forbidden" });
      expect(await snapshot(id)).toEqual(before);
    });

    it("a visitor cannot either: the anon role has no write grant at all", async () => {
      const before = await snapshot(id);
      await expect(withUser(getDb(), ANON, (tx) => setSellItemStatus(tx, id, "sold"))).rejects.toThrow(/permission denied/);
      await expect(withUser(getDb(), ANON, (tx) => deleteSellItem(tx, id))).rejects.toThrow(/permission denied/);
      expect(await snapshot(id)).toEqual(before);
    });

    it("tells a missing item apart from a forbidden one", async () => {
      const keep = { removeImages: [], addImages: [], maxImages: 6 };
      expect(await withUser(getDb(), as(BRUNO), (tx) => updateSellItem(tx, MISSING, bike, keep))).toEqual({ outcome: "not_found" });
      expect(await withUser(getDb(), as(ALICE), (tx) => setSellItemStatus(tx, MISSING, "sold"))).toBe("not_found");
      expect(await withUser(getDb(), as(ALICE), (tx) => deleteSellItem(tx, "not-a-uuid"))).toEqual({ outcome: "not_found" });
    });
  });

  describe("the owner manages the item", () => {
    it("saves fields, removes and appends photos, and reports the removed files", async () => {
      const id = await aliceCreates({ title: "Sofá" }, ["/media/photo/s1", "/media/photo/s2", "/media/photo/s3"]);
      const result = await withUser(getDb(), as(ALICE), (tx) =>
        updateSellItem(
          tx,
          id,
          { ...bike, title: "Sofá de 3 lugares", price: "850.50", condition: "usado", category: "Móveis", location: "Jardim das Flores" },
          { removeImages: ["/media/photo/s2", "/media/photo/not-on-this-item"], addImages: ["/media/photo/s4"], maxImages: 6 },
        ),
      );
      expect(result).toEqual({
        outcome: "ok",
        removedImages: ["/media/photo/s2"],
        images: ["/media/photo/s1", "/media/photo/s3", "/media/photo/s4"],
      });
      const item = await withUser(getDb(), ANON, (tx) => getSellItem(tx, id));
      expect(item).toMatchObject({
        title: "Sofá de 3 lugares",
        price: "850.50",
        condition: "usado",
        category: "Móveis",
        location: "Jardim das Flores",
        images: ["/media/photo/s1", "/media/photo/s3", "/media/photo/s4"],
      });
    });

    it("refuses to go over the photo limit, changing nothing", async () => {
      const six = Array.from({ length: 6 }, (_, i) => `/media/photo/six${i}`);
      const id = await aliceCreates({ title: "Seis fotos" }, six);
      const before = await snapshot(id);
      const result = await withUser(getDb(), as(ALICE), (tx) =>
        updateSellItem(tx, id, bike, { removeImages: [], addImages: ["/media/photo/seven"], maxImages: 6 }),
      );
      expect(result).toEqual({ outcome: "too_many_images", kept: 6 });
      expect(await snapshot(id)).toEqual(before);
      // Removing one makes room for one.
      const swapped = await withUser(getDb(), as(ALICE), (tx) =>
        updateSellItem(tx, id, bike, { removeImages: ["/media/photo/six0"], addImages: ["/media/photo/seven"], maxImages: 6 }),
      );
      expect(swapped).toMatchObject({ outcome: "ok", removedImages: ["/media/photo/six0"] });
    });

    it("marks it sold (keeping the first sale date) and available again", async () => {
      const id = await aliceCreates({ title: "Cadeira" });
      expect(await withUser(getDb(), as(ALICE), (tx) => setSellItemStatus(tx, id, "sold"))).toBe("ok");
      const sold = await withUser(getDb(), ANON, (tx) => getSellItem(tx, id));
      expect(sold?.status).toBe("sold");
      expect(sold?.soldAt).toBeInstanceOf(Date);
      expect(await withUser(getDb(), as(ALICE), (tx) => setSellItemStatus(tx, id, "sold"))).toBe("ok");
      const again = await withUser(getDb(), ANON, (tx) => getSellItem(tx, id));
      expect(again?.soldAt?.getTime()).toBe(sold?.soldAt?.getTime());
      expect(await withUser(getDb(), as(ALICE), (tx) => setSellItemStatus(tx, id, "available"))).toBe("ok");
      const back = await withUser(getDb(), ANON, (tx) => getSellItem(tx, id));
      expect(back).toMatchObject({ status: "available", soldAt: null });
    });

    it("deletes it and hands back its photos for the files to go too", async () => {
      const id = await aliceCreates({ title: "Mesa" }, ["/media/photo/m1", "/media/photo/m2"]);
      const result = await withUser(getDb(), as(ALICE), (tx) => deleteSellItem(tx, id));
      expect(result).toEqual({ outcome: "ok", images: ["/media/photo/m1", "/media/photo/m2"] });
      expect(await snapshot(id)).toEqual([]);
      expect(await withUser(getDb(), as(ALICE), (tx) => deleteSellItem(tx, id))).toEqual({ outcome: "not_found" });
    });
  });

  describe("lists", () => {
    // A fresh seller with dated items, so the expectations do not depend on the other blocks.
    const CARLA = "00000000-0000-4000-8000-00000000ca41";
    const titles = Array.from({ length: SELL_ITEMS_PAGE_SIZE + 3 }, (_, i) => `Lista ${String(i).padStart(2, "0")}`);

    beforeAll(async () => {
      await createUser(getDb(), CARLA, "carla", "Carla Dias");
      // Owner-side inserts with explicit dates: item i is i hours old, so "Lista 00" is newest.
      for (const [i, title] of titles.entries()) {
        await owner(
          `INSERT INTO public.sell_items (seller_id, title, price, condition, category, location, status, created_at)
           VALUES ($1, $2, $3, 'usado', $4, 'Centro', $5, now() + interval '1 day' - make_interval(hours => $6))`,
          [CARLA, title, (i * 10).toFixed(2), i % 2 === 0 ? "Casa" : "Ferramentas", i === 1 ? "sold" : "available", i],
        );
      }
    });

    it("pages newest first, sold items included and marked, with the seller joined", async () => {
      const first = await withUser(getDb(), ANON, (tx) => listSellItems(tx, { page: 1 }));
      expect(first.items).toHaveLength(SELL_ITEMS_PAGE_SIZE);
      expect(first.hasMore).toBe(true);
      expect(first.items.slice(0, 3).map((i) => i.title)).toEqual(["Lista 00", "Lista 01", "Lista 02"]);
      expect(first.items[1]).toMatchObject({ status: "sold", sellerName: "Carla Dias", sellerUsername: "carla", price: "10.00" });
      const second = await withUser(getDb(), ANON, (tx) => listSellItems(tx, { page: 2 }));
      const seen = new Set(first.items.map((i) => i.id));
      expect(second.items.every((i) => !seen.has(i.id))).toBe(true);
    });

    it("filters by category and by price, bounds included", async () => {
      const tools = await withUser(getDb(), ANON, (tx) => listSellItems(tx, { category: "Ferramentas", page: 1 }));
      expect(tools.items.length).toBeGreaterThan(0);
      expect(tools.items.every((i) => i.category === "Ferramentas")).toBe(true);
      const ranged = await withUser(getDb(), ANON, (tx) => listSellItems(tx, { minPrice: 50, maxPrice: 80, page: 1 }));
      expect(ranged.items.map((i) => i.price).sort()).toEqual(["50.00", "60.00", "70.00", "80.00"]);
      const both = await withUser(getDb(), ANON, (tx) =>
        listSellItems(tx, { category: "Casa", minPrice: 50, maxPrice: 80, page: 1 }),
      );
      expect(both.items.map((i) => i.title).sort()).toEqual(["Lista 06", "Lista 08"]);
      const categories = await withUser(getDb(), ANON, (tx) => listSellItemCategories(tx));
      expect(categories.find((c) => c.category === "Ferramentas")?.count).toBeGreaterThanOrEqual(tools.items.length);
    });

    it("lists one seller's items, newest first", async () => {
      const mine = await withUser(getDb(), as(CARLA), (tx) => listSellItemsBySeller(tx, CARLA, 1));
      expect(mine.items.every((i) => i.sellerId === CARLA)).toBe(true);
      expect(mine.items[0]?.title).toBe("Lista 00");
      expect(mine.hasMore).toBe(true);
      const none = await withUser(getDb(), as(BRUNO), (tx) => listSellItemsBySeller(tx, BRUNO, 1));
      expect(none).toEqual({ items: [], hasMore: false });
    });
  });
});
