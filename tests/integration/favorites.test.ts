import { beforeAll, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import type { Claims, Database } from "#server/db/types";
import { addFavorite, listFavorites, removeFavorite } from "#server/models/favorites";
import { forEachEngine } from "./db";

// The favorite's fields come from the item itself (spec point 3, the community issue):
// forged types and ids are refused, adding twice does nothing, and the owner of a sell
// item or post is notified.

const FAN = "00000000-0000-4000-8000-0000000000f1";
const SELLER = "00000000-0000-4000-8000-0000000000f2";
const ITEM = "60000000-0000-4000-8000-00000000c001";
const POST = "60000000-0000-4000-8000-00000000c002";
const as = (sub: string): Claims => ({ role: "authenticated", sub });

async function createUser(db: Database, id: string, username: string, fullName: string) {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

forEachEngine((getDb) => {
  const asFan = <T>(fn: Parameters<typeof withUser<T>>[2]) => withUser(getDb(), as(FAN), fn);

  beforeAll(async () => {
    const db = getDb();
    await createUser(db, FAN, "fa_da_feira", "Fã da Feira");
    await createUser(db, SELLER, "vende_tudo", "Vera Vendedora");
    await db.query(
      `INSERT INTO public.sell_items (id, seller_id, title, description, price, condition, category, location)
       VALUES ($1, $2, 'Bicicleta aro 29', 'Pouco usada', 850.00, 'seminovo', 'Bicicletas', 'Centro')`,
      [ITEM, SELLER],
    );
    await db.query(`INSERT INTO public.posts (id, author_id, content) VALUES ($1, $2, 'Feira no sábado!')`, [POST, SELLER]);
    const poll = await db.query<{ id: string }>(`INSERT INTO public.polls (post_id, question) VALUES ($1, 'Vai chover?') RETURNING id`, [POST]);
    await db.query(`INSERT INTO public.poll_options (poll_id, label, position) VALUES ($1, 'Sim', 0), ($1, 'Não', 1)`, [poll[0]!.id]);
  });

  it("copies the item's own fields into the favorite (the spec's app shape)", async () => {
    expect(await asFan((tx) => addFavorite(tx, FAN, "sell_item", ITEM))).toBe("added");
    const {
      favorites: [favorite],
    } = await asFan((tx) => listFavorites(tx, FAN, { type: "sell_item", page: 1 }));
    expect(favorite).toMatchObject({
      id: ITEM,
      type: "sell_item",
      title: "Bicicleta aro 29",
      description: "Pouco usada",
      price: "850.00",
      seller: "Vera Vendedora",
      location: "Centro",
      hasPoll: false,
    });
  });

  it("fills the poll fields for a post", async () => {
    await asFan((tx) => addFavorite(tx, FAN, "post", POST));
    const {
      favorites: [favorite],
    } = await asFan((tx) => listFavorites(tx, FAN, { type: "post", page: 1 }));
    expect(favorite).toMatchObject({ content: "Feira no sábado!", author: "Vera Vendedora", hasPoll: true, pollQuestion: "Vai chover?", pollOptions: ["Sim", "Não"] });
  });

  it("does nothing when the item is already a favorite", async () => {
    expect(await asFan((tx) => addFavorite(tx, FAN, "sell_item", ITEM))).toBe("already");
    expect((await asFan((tx) => listFavorites(tx, FAN, { page: 1 }))).favorites).toHaveLength(2);
  });

  it("refuses an unknown id, a malformed id, and an id of another type", async () => {
    expect(await asFan((tx) => addFavorite(tx, FAN, "business", "70000000-0000-4000-8000-000000000000"))).toBe("not_found");
    expect(await asFan((tx) => addFavorite(tx, FAN, "news", "not-a-uuid"))).toBe("not_found");
    // The sell item's id presented as a business: no business has it.
    expect(await asFan((tx) => addFavorite(tx, FAN, "business", ITEM))).toBe("not_found");
    expect((await asFan((tx) => listFavorites(tx, FAN, { type: "business", page: 1 }))).favorites).toEqual([]);
  });

  it("tells the seller, once, that someone favorited their item", async () => {
    const rows = await getDb().query<{ title: string; link: string }>(
      `SELECT title, link FROM public.notifications WHERE user_id = $1 AND kind = 'favorite' ORDER BY created_at`,
      [SELLER],
    );
    expect(rows).toEqual([
      { title: "Fã da Feira favoritou sua publicação", link: `/sell-items/${ITEM}` },
      { title: "Fã da Feira favoritou sua publicação", link: `/posts/${POST}` },
    ]);
  });

  it("removes by user and item id, and a deleted item takes its favorites with it", async () => {
    expect(await asFan((tx) => removeFavorite(tx, FAN, ITEM))).toBe(true);
    expect(await asFan((tx) => removeFavorite(tx, FAN, ITEM))).toBe(false);
    await getDb().query(`DELETE FROM public.posts WHERE id = $1`, [POST]);
    expect((await asFan((tx) => listFavorites(tx, FAN, { page: 1 }))).favorites).toEqual([]);
  });
});
