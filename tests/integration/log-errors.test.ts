import { expect, it } from "vitest";
import { withUser } from "#server/db/with-user";
import { describeError } from "#server/log";
import { forEachEngine } from "./db";

// A database error as the server's log writes it (server/log.ts): real errors from both
// engines, made of a resident's text and a password hash. postgres.js errors carry
// `query` and `parameters`, PGlite's `query` and `params`, both a `detail` with the
// failing row, and PostgreSQL quotes input values in the message itself.

const RESIDENT_TEXT = "Minha vizinha Dona Cida mora na rua 7";
const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";

forEachEngine((getDb) => {
  async function failure(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error("the statement did not fail");
  }

  it("logs an error about a resident's input without the input (message, query, parameters)", async () => {
    const error = await failure(() => getDb().query(`SELECT $1::uuid, $2::text`, [RESIDENT_TEXT, HASH]));
    // The engine's error itself does carry them: what is at stake.
    expect(JSON.stringify(error) + String((error as Error).message)).toContain(RESIDENT_TEXT);
    const logged = JSON.stringify(describeError(error));
    expect(logged).not.toContain(RESIDENT_TEXT);
    expect(logged).not.toContain(HASH);
    expect(logged).not.toContain("SELECT");
    expect(JSON.parse(logged)).toMatchObject({ name: "DatabaseError", code: "22P02" });
  });

  it("logs a refused row without the row (detail) or the hash among its parameters", async () => {
    const error = await failure(() =>
      withUser(getDb(), { role: "authenticated", sub: "00000000-0000-4000-8000-0000000000c1" }, (tx) =>
        tx.query(`INSERT INTO public.posts (author_id, content) VALUES ($1, $2)`, ["00000000-0000-4000-8000-0000000000c9", `${RESIDENT_TEXT} ${HASH}`]),
      ),
    );
    const logged = JSON.stringify(describeError(error));
    expect(logged).not.toContain(RESIDENT_TEXT);
    expect(logged).not.toContain(HASH);
    expect(JSON.parse(logged)).toMatchObject({ name: "DatabaseError", code: expect.stringMatching(/^[0-9A-Z]{5}$/) });
  });
});
