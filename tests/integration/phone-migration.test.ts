import { expect, it } from "vitest";
import { loadCompatSql, loadMigrations } from "#server/db/migrate";
import { forEachEngine } from "./db";

// 20261124000200_accounts.sql on a database that already has residents and listings with
// phones as people typed them (issue #13): normalised to E.164 where they can be, a number
// two accounts share cleared on both (it would sign either in), what is no number left alone
// on listings; afterwards every write is normalised and a phone belongs to one account.

const ACCOUNTS = "20261124000200_accounts.sql";
const users = {
  ana: "00000000-0000-4000-8000-00000000a001",
  beto: "00000000-0000-4000-8000-00000000a002",
  caio: "00000000-0000-4000-8000-00000000a003",
  dani: "00000000-0000-4000-8000-00000000a004",
};

forEachEngine(
  (getDb) => {
    it("normalises existing phones, clears shared ones, then keeps every phone in one spelling and on one account", async () => {
      const db = getDb();
      await db.exec(loadCompatSql());
      const migrations = loadMigrations();
      for (const migration of migrations.filter((m) => m.name < ACCOUNTS)) await db.exec(migration.sql);

      for (const [name, id] of Object.entries(users)) {
        await db.query(`INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES ($1, $2, $3)`, [
          id,
          `${name}@exemplo.com.br`,
          JSON.stringify({ username: name, full_name: name }),
        ]);
      }
      const setPhone = (id: string, phone: string) => db.query(`UPDATE public.profile_private SET phone = $2 WHERE user_id = $1`, [id, phone]);
      await setPhone(users.ana, "(31) 99876-5432");
      await setPhone(users.beto, "35 3333-4444");
      // The same number in two spellings on two accounts.
      await setPhone(users.caio, "(32) 98888-7777");
      await setPhone(users.dani, "+55 32 98888-7777");
      await db.query(
        `INSERT INTO public.businesses (name, category, phone, whatsapp) VALUES
           ('Padaria', 'Padarias', '(35) 3222-1111', '35998761111'),
           ('Oficina', 'Oficinas', 'ramal 12', '5535998762222')`,
      );
      await db.query(`INSERT INTO public.drivers (name, vehicle_kind, phone, whatsapp) VALUES ('Zé', 'moto', '35 99876-3333', '35998763333')`);
      await db.query(`INSERT INTO public.services (name, category, phone) VALUES ('Faxina', 'Limpeza', '(35) 99876-4444')`);

      await db.exec(migrations.find((m) => m.name === ACCOUNTS)!.sql);

      const phones = await db.query<{ user_id: string; phone: string | null }>(`SELECT user_id, phone FROM public.profile_private ORDER BY user_id`);
      expect(phones).toEqual([
        { user_id: users.ana, phone: "+5531998765432" },
        { user_id: users.beto, phone: "+553533334444" },
        { user_id: users.caio, phone: null },
        { user_id: users.dani, phone: null },
      ]);
      expect(await db.query(`SELECT name, phone, whatsapp FROM public.businesses ORDER BY name`)).toEqual([
        { name: "Oficina", phone: "ramal 12", whatsapp: "5535998762222" },
        { name: "Padaria", phone: "+553532221111", whatsapp: "5535998761111" },
      ]);
      expect(await db.query(`SELECT phone, whatsapp FROM public.drivers`)).toEqual([{ phone: "+5535998763333", whatsapp: "5535998763333" }]);
      expect(await db.query(`SELECT phone FROM public.services`)).toEqual([{ phone: "+5535998764444" }]);

      // From now on: any spelling is stored as E.164, a non-number is refused, a taken number too.
      await setPhone(users.caio, "32 98888 7777");
      expect(await db.query(`SELECT phone FROM public.profile_private WHERE user_id = $1`, [users.caio])).toEqual([{ phone: "+5532988887777" }]);
      await expect(setPhone(users.dani, "(32) 98888-7777")).rejects.toThrow(/profile_private_phone_key/);
      await expect(setPhone(users.dani, "1234")).rejects.toThrow(/not a Brazilian phone number/);

      // Running it again changes nothing.
      await db.exec(migrations.find((m) => m.name === ACCOUNTS)!.sql);
      expect(await db.query(`SELECT phone FROM public.profile_private WHERE user_id = $1`, [users.caio])).toEqual([{ phone: "+5532988887777" }]);
    });
  },
  { migrated: false },
);
