// npm run db:migrate | db:seed, and npm run guida -- <command> — operator commands. They
// take the same data-folder lock as the server, so running one while the server holds the
// embedded database is refused.
//   npm run guida -- role grant <e-mail> moderator|admin
//   npm run guida -- role revoke <e-mail> moderator|admin
//   npm run guida -- reports-to-hide <n>
// (On Supabase, the same in the SQL editor: select public.grant_role('<e-mail>', 'moderator');)
import { closeDb, getDb } from "./db/index";
import { migrate } from "./db/migrate";
import { getEnv } from "./env";
import { changeRole, setReportsToHide } from "./models/moderation";

const command = process.argv[2];
const args = process.argv.slice(3);
const USAGE = "usage: npm run guida -- migrate | seed | role grant|revoke <e-mail> moderator|admin | reports-to-hide <n>";

async function main() {
  // Only seeding seeds: migrating or granting a role must not as a side effect.
  if (command !== "seed") process.env.SEED_DEMO = "never";
  const env = getEnv();
  if (command === "migrate") {
    // getDb() migrates on open; a second pass reports that nothing is left to apply.
    const db = await getDb();
    const ran = await migrate(db);
    console.log(ran.length ? `applied: ${ran.join(", ")}` : "database schema is up to date");
  } else if (command === "seed") {
    const db = await getDb();
    const { seedDemoTownIfEmpty, renderPendingSeedArtwork } = await import("./seed/seed");
    const seeded = await seedDemoTownIfEmpty(db, env.DATA_DIR);
    if (seeded && env.BENCH_TOWN > 1) {
      const { growTown } = await import("./seed/town-builder");
      await growTown(db, { scale: env.BENCH_TOWN });
      console.log(`town grown to ${env.BENCH_TOWN} times the demo town`);
    }
    await renderPendingSeedArtwork(env.DATA_DIR);
    console.log(seeded ? "demo town seeded" : "database is not empty: seed skipped");
  } else if (command === "role" && (args[0] === "grant" || args[0] === "revoke") && args[1] && (args[2] === "moderator" || args[2] === "admin")) {
    await changeRole(await getDb(), args[0], args[1], args[2]);
    console.log(`${args[0] === "grant" ? "granted" : "revoked"} ${args[2]}: ${args[1]}`);
  } else if (command === "reports-to-hide" && /^[1-9][0-9]{0,2}$/.test(args[0] ?? "")) {
    await setReportsToHide(await getDb(), Number(args[0]));
    console.log(`content is hidden after ${args[0]} distinct residents' reports`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  await closeDb();
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await closeDb().catch(() => {});
  process.exitCode = 1;
});
