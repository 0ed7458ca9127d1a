// npm run db:migrate | db:seed — operator commands. They take the same data-folder lock
// as the server, so running one while the server holds the embedded database is refused.
import { closeDb, getDb } from "./index";
import { migrate } from "./migrate";
import { getEnv } from "../env";

const command = process.argv[2];

async function main() {
  // Migrating must not seed as a side effect; seeding is its own command.
  if (command === "migrate") process.env.SEED_DEMO = "never";
  const env = getEnv();
  if (command === "migrate") {
    // getDb() migrates on open; a second pass reports that nothing is left to apply.
    const db = await getDb();
    const ran = await migrate(db);
    console.log(ran.length ? `applied: ${ran.join(", ")}` : "database schema is up to date");
  } else if (command === "seed") {
    const db = await getDb();
    const { seedDemoTownIfEmpty, renderPendingSeedArtwork } = await import("./seed");
    const seeded = await seedDemoTownIfEmpty(db, env.DATA_DIR);
    if (seeded && env.BENCH_TOWN > 1) {
      const { growTown } = await import("./town-builder");
      await growTown(db, { scale: env.BENCH_TOWN });
      console.log(`town grown to ${env.BENCH_TOWN} times the demo town`);
    }
    await renderPendingSeedArtwork(env.DATA_DIR);
    console.log(seeded ? "demo town seeded" : "database is not empty: seed skipped");
  } else {
    console.error("usage: tsx server/db/cli.ts migrate|seed");
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
