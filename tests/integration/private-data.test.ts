import { beforeAll, describe, expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import type { Claims, Database } from "#server/db/types";
import { addFavorite, favoriteIdsAmong, listFavorites, removeFavorite } from "#server/models/favorites";
import { getUserBadges, listNotifications, markAllRead, markRead } from "#server/models/notifications";
import { getPrivateProfile, getProfileById, setOwnAvatar, updateOwnProfile } from "#server/models/profiles";
import { forEachEngine } from "./db";

// "A user cannot read or change another user's private data through any route": the routes
// call these model functions inside withUser with the caller's claims, passing ids that come
// from the request. Here user B passes user A's ids to every one of them; RLS must answer
// as if A's rows did not exist, and A's rows must stay as they were.

const ANA = "00000000-0000-4000-8000-0000000000a1";
const BETO = "00000000-0000-4000-8000-0000000000b2";
const BUSINESS = "50000000-0000-4000-8000-00000000b001";

const as = (sub: string): Claims => ({ role: "authenticated", sub });

async function createUser(db: Database, id: string, username: string, fullName: string) {
  await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
    id,
    `${username}@exemplo.com.br`,
    JSON.stringify({ username, full_name: fullName }),
  ]);
}

forEachEngine((getDb) => {
  const owner = <T>(text: string, params?: unknown[]) => getDb().query<T>(text, params);
  const asAna = <T>(fn: Parameters<typeof withUser<T>>[2]) => withUser(getDb(), as(ANA), fn);
  const asBeto = <T>(fn: Parameters<typeof withUser<T>>[2]) => withUser(getDb(), as(BETO), fn);
  let anaNotification = "";

  /** Everything of Ana's that Beto must not be able to read or change, read as the owner. */
  const anaSnapshot = async () => ({
    profile: await owner(`SELECT username, full_name, bio, avatar_url FROM public.profiles WHERE id = $1`, [ANA]),
    private: await owner(`SELECT phone, birth_date::text FROM public.profile_private WHERE user_id = $1`, [ANA]),
    notifications: await owner(`SELECT id, read_at FROM public.notifications WHERE user_id = $1 ORDER BY id`, [ANA]),
    favorites: await owner(`SELECT item_id FROM public.user_favorites WHERE user_id = $1`, [ANA]),
  });

  beforeAll(async () => {
    const db = getDb();
    await createUser(db, ANA, "ana_privada", "Ana Privada");
    await createUser(db, BETO, "beto_curioso", "Beto Curioso");
    await db.query(
      `INSERT INTO public.businesses (id, name, category, description, address, neighbourhood, phone)
       VALUES ($1, 'Padaria Central', 'Padarias', 'Pão quente', 'Rua Direita, 10', 'Centro', '(35) 3333-0000')`,
      [BUSINESS],
    );
    // Ana fills in her private data and keeps a favorite, through the same model functions.
    await asAna((tx) =>
      updateOwnProfile(tx, ANA, {
        fullName: "Ana Privada",
        username: "ana_privada",
        bio: "Bio da Ana",
        phone: "(35) 99111-2222",
        birthDate: "1990-03-15",
      }),
    );
    expect(await asAna((tx) => addFavorite(tx, ANA, "business", BUSINESS))).toBe("added");
    const [welcome] = await owner<{ id: string }>(`SELECT id FROM public.notifications WHERE user_id = $1`, [ANA]);
    anaNotification = welcome!.id;
  });

  it("Ana reads her own private data (the ground truth for the attempts below)", async () => {
    expect(await asAna((tx) => getPrivateProfile(tx, ANA))).toEqual({ phone: "(35) 99111-2222", birthDate: "15/03/1990" });
    expect((await asAna((tx) => listFavorites(tx, ANA, { page: 1 }))).favorites.map((f) => f.id)).toEqual([BUSINESS]);
    expect(await asAna((tx) => getUserBadges(tx, ANA))).toEqual({ unreadNotifications: 1 });
    expect(await asAna((tx) => favoriteIdsAmong(tx, ANA, [BUSINESS, ANA]))).toEqual([BUSINESS]);
  });

  describe("as Beto, with Ana's ids", () => {
    it("getPrivateProfile returns null (and Beto still reads his own)", async () => {
      expect(await asBeto((tx) => getPrivateProfile(tx, ANA))).toBeNull();
      expect(await asBeto((tx) => getPrivateProfile(tx, BETO))).toEqual({ phone: null, birthDate: null });
      // The public profile stays public.
      expect((await asBeto((tx) => getProfileById(tx, ANA)))?.fullName).toBe("Ana Privada");
    });

    it("updateOwnProfile and setOwnAvatar change nothing of Ana's", async () => {
      const before = await anaSnapshot();
      await asBeto((tx) =>
        updateOwnProfile(tx, ANA, {
          fullName: "Ana Hackeada",
          username: "ana_hackeada",
          bio: "alterado pelo Beto",
          phone: "(35) 90000-0000",
          birthDate: "2000-01-01",
        }),
      );
      await asBeto((tx) => setOwnAvatar(tx, ANA, "media/forjada"));
      expect(await anaSnapshot()).toEqual(before);
      expect(await owner(`SELECT 1 FROM public.profiles WHERE username = 'ana_hackeada'`)).toEqual([]);
    });

    it("cannot see, count or mark Ana's notifications", async () => {
      const before = await anaSnapshot();
      expect(await asBeto((tx) => markRead(tx, BETO, anaNotification))).toBe(false);
      expect(await asBeto((tx) => markRead(tx, ANA, anaNotification))).toBe(false);
      expect(await asBeto((tx) => markAllRead(tx, ANA))).toBe(0);
      expect((await asBeto((tx) => getUserBadges(tx, ANA))).unreadNotifications).toBe(0);
      expect(await asBeto((tx) => listNotifications(tx, ANA, { page: 1 }))).toEqual({ notifications: [], hasMore: false, page: 1 });
      expect(await anaSnapshot()).toEqual(before);
      // Beto's own welcome notification is his to mark.
      const [mine] = await owner<{ id: string }>(`SELECT id FROM public.notifications WHERE user_id = $1`, [BETO]);
      expect(await asBeto((tx) => markRead(tx, BETO, mine!.id))).toBe(true);
    });

    it("cannot list or remove Ana's favorites, nor add one in her name", async () => {
      const before = await anaSnapshot();
      expect((await asBeto((tx) => listFavorites(tx, ANA, { page: 1 }))).favorites).toEqual([]);
      expect(await asBeto((tx) => favoriteIdsAmong(tx, ANA, [BUSINESS]))).toEqual([]);
      expect(await asBeto((tx) => removeFavorite(tx, ANA, BUSINESS))).toBe(false);
      await expect(asBeto((tx) => addFavorite(tx, ANA, "business", BUSINESS))).rejects.toThrow(
        /row-level security|duplicate key/,
      );
      expect(await anaSnapshot()).toEqual(before);
      // Beto's own favorites are his own.
      expect(await asBeto((tx) => addFavorite(tx, BETO, "business", BUSINESS))).toBe("added");
      expect((await asBeto((tx) => listFavorites(tx, BETO, { page: 1 }))).favorites.map((f) => f.id)).toEqual([BUSINESS]);
      expect((await asAna((tx) => listFavorites(tx, ANA, { page: 1 }))).favorites.map((f) => f.id)).toEqual([BUSINESS]);
    });
  });
});
