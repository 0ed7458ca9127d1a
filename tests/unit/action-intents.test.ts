import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { intentsIn, missingRows, routeActions, type TableRow } from "../action-intents";

// Issue #25: the checker behind "every intent of every action has a hostile-input row"
// (tests/integration/hostile-input.test.ts). It must find the intents in the route modules
// as they are written, and refuse a table that lacks one.

const APP = path.resolve(import.meta.dirname, "../../app");

describe("the intents of each action, read from the route modules", () => {
  const actions = routeActions();
  const of = (routePath: string) => actions.find((a) => a.path === routePath);

  it("reads each way an action tells its intents apart", () => {
    // A switch on intentOf(form).
    expect(of("moderacao")?.intents).toEqual(["approve-claim", "approve-event", "approve-listing", "block", "dismiss", "hide", "reject-claim", "reject-event", "reject-listing", "restore"]);
    // Comparisons with the intent variable.
    expect(of("favorites")?.intents).toEqual(["add", "remove"]);
    // intentOf's fallback and the ./+shared schemas' z.literal.
    expect(of("login")).toMatchObject({ fallback: "signin", intents: ["confirm", "google", "resend", "reset", "signin", "signup", "update-password"] });
    expect(of("update-business-images")).toMatchObject({ fallback: "upload", intents: ["remove", "upload"] });
    // Comparisons inside ./+shared modules (vote.server.ts, and comments.server.ts since issue #30).
    expect(of("posts/:id")?.intents).toEqual(["comment", "delete-comment", "edit-comment", "vote"]);
    // A comparison with a variable set by intentOf's fallback (the business editor's special dates, issue #32).
    expect(of("business/:id/editar")).toMatchObject({ fallback: "save", intents: ["add-date", "remove-date", "save"] });
    expect(of("moderacao/feriados")?.intents).toEqual(["add", "remove"]);
    // Actions without intents, and every action the contract lists.
    expect(of("denunciar")?.intents).toEqual([]);
    expect(of("create-post")?.intents).toEqual([]);
    expect(actions.map((a) => a.path)).toEqual(expect.arrayContaining(["cadastrar/:tipo", "business/:id/e-meu", "business/:id/editar", "theme", "logout"]));
    // The catch-all's action is the 404 page, no form.
    expect(of("*")).toBeUndefined();
  });

  it("finds an intent planted in a copy of a real action", () => {
    const source = fs.readFileSync(path.join(APP, "routes", "moderation.tsx"), "utf8");
    const planted = source.replace('case "block": {', 'case "block":\n    case "unblock": {');
    expect(planted).not.toBe(source);
    expect([...intentsIn(planted, "moderation.tsx").intents]).toContain("unblock");
    expect([...intentsIn(source, "moderation.tsx").intents]).not.toContain("unblock");
  });

  it("ignores what the browser sends before the action reads it (navigation.formData)", () => {
    const { intents } = intentsIn('const saving = navigation.formData?.get("intent") === "save";\nif (form.get("intent") === "go") run();', "x.tsx");
    expect([...intents]).toEqual(["go"]);
  });
});

describe("a table without a row for an intent is refused", () => {
  it("names the action and the intent that has no row; a row without intent stands for the fallback", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guida-intents-"));
    try {
      fs.mkdirSync(path.join(dir, "routes"));
      fs.writeFileSync(
        path.join(dir, "routes", "sonda.tsx"),
        'export const action = async ({ form }) => {\n  switch (intentOf(form, "olhar")) {\n    case "olhar": return 1;\n    case "apagar": return 2;\n  }\n};\n',
      );
      fs.writeFileSync(path.join(dir, "routes", "simples.ts"), "export async function action() {\n  return null;\n}\n");
      const actions = routeActions(
        [
          { path: "sonda/:id", file: "routes/sonda.tsx" },
          { path: "simples", file: "routes/simples.ts" },
        ],
        dir,
      );
      expect(actions).toEqual([
        { path: "sonda/:id", file: "routes/sonda.tsx", intents: ["apagar", "olhar"], fallback: "olhar" },
        { path: "simples", file: "routes/simples.ts", intents: [], fallback: null },
      ]);
      const rows: TableRow[] = [{ path: "/sonda/{id}", intent: "" }];
      expect(missingRows(actions, rows)).toEqual(["POST /sonda/:id intent=apagar has no row (routes/sonda.tsx)", "POST /simples has no row (routes/simples.ts)"]);
      expect(missingRows(actions, [...rows, { path: "/sonda/{id}", intent: "apagar" }, { path: "/simples", intent: "" }])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses the real table of before issue #25's rows (the moderation intents and the issue #18 actions missing)", () => {
    // Every action of today, covered on all intents but those of /moderacao and the forms of issue #18.
    const rows: TableRow[] = routeActions()
      .filter((a) => !["moderacao", "denunciar", "cadastrar/:tipo", "business/:id/e-meu", "business/:id/editar"].includes(a.path))
      .flatMap((a) => (a.intents.length ? a.intents : [""]).map((intent) => ({ path: `/${a.path.replace(/:(\w+)/g, "{$1}")}`, intent })));
    const missing = missingRows(routeActions(), rows);
    // 8 moderation intents (+ approve-event and reject-event, issue #32), 3 issue #18 forms, and the
    // business editor's save, add-date and remove-date (issue #32).
    expect(missing).toHaveLength(8 + 2 + 3 + 3);
    expect(missing).toContain("POST /moderacao intent=approve-claim has no row (routes/moderation.tsx)");
    expect(missing).toContain("POST /business/:id/e-meu has no row (routes/claim-business.tsx)");
  });
});
