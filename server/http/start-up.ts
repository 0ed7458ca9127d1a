import type { Database, Seeder } from "../db";
import { getEnv } from "../env";
import { createPushSender } from "../live/push";
import { resolveVapid, setVapid } from "../live/vapid";
import { changeRole } from "../models/moderation";
import { seedInChildProcess, seedWorkPending } from "../seed/seed-process";

/**
 * What the start-up hands the database opener (server/db/index.ts), which sits below the seed
 * and the models: how an empty embedded database is seeded on a first start. The production
 * server runs the seed in a child process that exits (`node <entry> --seed`); under
 * `npm run dev` there is no server build to run it from, and the dev server seeds itself.
 */
export function demoTownSeeder(childEntry: string | undefined): Seeder {
  if (childEntry) return { pending: seedWorkPending, child: () => seedInChildProcess(childEntry), here: async () => false };
  return {
    pending: seedWorkPending,
    async here(db, dataDir) {
      const { seedDemoTownIfEmpty, renderPendingSeedArtwork } = await import("../seed/seed");
      const seeded = await seedDemoTownIfEmpty(db, dataDir);
      const { BENCH_TOWN } = getEnv();
      if (seeded && BENCH_TOWN > 1) {
        const { growTown } = await import("../seed/town-builder");
        await growTown(db, { scale: BENCH_TOWN });
      }
      void renderPendingSeedArtwork(dataDir).catch((error: unknown) => console.error("[seed] could not render the demo artwork:", error));
      return seeded;
    },
  };
}

/**
 * ADMIN_EMAIL names the first admin, granted at every start once the database is open; until
 * that account signs up and opens its confirmation link there is nobody to grant (whoever
 * signs up first with an address is not its owner).
 */
export async function grantFirstAdmin(db: Database, email: string): Promise<void> {
  try {
    await changeRole(db, "grant", email, "admin");
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "P0002") console.log(`[guida] ADMIN_EMAIL: no account with ${email} yet; it becomes admin at the next start after signing up and confirming the address`);
    else if (code === "55000") console.log(`[guida] ADMIN_EMAIL: ${email} is not confirmed yet; it becomes admin at the next start after its owner opens the confirmation link`);
    else throw error;
  }
}

/**
 * Web Push (issue #31): the VAPID keys (configured, or generated into the data folder and
 * said once) and this server's share of sending the queue. A server that cannot have keys
 * (an unwritable data folder) serves on without push and says why.
 */
export function startWebPush(db: Database): void {
  let vapid: ReturnType<typeof resolveVapid>;
  try {
    vapid = resolveVapid(getEnv());
  } catch (error) {
    console.warn(`[guida] web push is off: no VAPID keys (${String(error)})`);
    return;
  }
  if (vapid.notice) console.log(`[guida] ${vapid.notice}`);
  setVapid(vapid.config);
  createPushSender(db, vapid.config).start();
}
