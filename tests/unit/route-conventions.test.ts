import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { sourcesOf } from "../action-intents";

// Issue #14, items 1 and 2: every action reads what was sent through the write-action
// toolkit (server/toolkit/action.ts) and every loader and action reads the session and the
// database through the request context (server/toolkit/request-context.ts). This reads the source
// of each route module of app/routes.ts, and of the ./+shared modules they use, and fails
// on any other way in.

const APP = path.resolve(import.meta.dirname, "../../app");

function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

/** What no route may do itself: each has one way in, named in the message. */
const FORBIDDEN: { pattern: RegExp; instead: string }[] = [
  { pattern: /\brequest\.formData\(/, instead: "readForm / readSubmission (server/toolkit/action.ts)" },
  { pattern: /\breadFormData\b/, instead: "readForm / readSubmission (server/toolkit/action.ts)" },
  { pattern: /\bhasNulCharacter\b/, instead: "readSubmission, which refuses NUL in its zod pass" },
  { pattern: /\bgetAuth\b/, instead: "getRequestContext(context).auth()" },
  { pattern: /\bgetRequestSession\b/, instead: "getRequestContext(context).session() / user()" },
  { pattern: /\brequireUser\(request\)/, instead: "getRequestContext(context).requireUser()" },
  { pattern: /\b(?:asRequestUser|asSignedInUser|readPublic|readOwn|claimsFor)\b/, instead: "getRequestContext(context).db" },
  { pattern: /\bgetDb\b/, instead: "getRequestContext(context).db" },
  { pattern: /\bwithUser\b/, instead: "getRequestContext(context).db.asCaller" },
  // Any value from the database module (getDb, pingDatabase, …) is a way round the context;
  // types, and the unique-violation test of a write's error, are not.
  { pattern: /^import \{ (?!uniqueViolation \})[^}]*\} from "(?:(?:\.\.\/)+|#)server\/db["/]/m, instead: "getRequestContext(context).db" },
  { pattern: /requireUser\(\)[\s\S]{0,120}\breadForm\(/, instead: "signedInAction (server/toolkit/action.ts), which signs in and reads the form" },
  // Issue #26: the prologue of a form visitors may send too (favorites, votes, a post's comments) is visitorAction's.
  { pattern: /\.get\("via"\)/, instead: "visitorAction (server/toolkit/action.ts), whose viaFetcher says it" },
  { pattern: /\bflashCookie\b/, instead: "redirectWithFlash (server/toolkit/action.ts)" },
  { pattern: /from "(?:[./]*|#)server\/toolkit\/request"/, instead: "server/toolkit/request-context.ts" },
];

/**
 * A function that reads the form itself and then asks who sent it spells out visitorAction's
 * prologue (a resident-only one would be signedInAction's, caught above). A module's
 * top-level declarations are told apart by where each starts.
 */
function handRolledPrologues(text: string): string[] {
  return text
    .split(/\n(?=(?:export )?(?:async )?function |(?:export )?const )/)
    .filter((declaration) => /\breadForm\(/.test(declaration) && /\.user\(\)/.test(declaration))
    .map((declaration) => declaration.split("\n")[0]!);
}

function violationsIn(file: string): string[] {
  return sourcesOf(path.join(APP, file)).flatMap((source) => {
    const text = fs.readFileSync(source, "utf8");
    const where = path.relative(APP, source);
    return [
      ...FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ pattern, instead }) => `${where}: ${pattern} — use ${instead}`),
      ...handRolledPrologues(text).map((line) => `${where}: "${line}" reads the form and asks who sent it — use visitorAction (server/toolkit/action.ts)`),
    ];
  });
}

describe("route modules use the write-action toolkit and the request context", () => {
  const files = [...new Set(routeFiles(routes))];

  it("finds every route module of app/routes.ts", () => {
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) expect(fs.existsSync(path.join(APP, file)), file).toBe(true);
  });

  for (const file of files) {
    it(file, () => expect(violationsIn(file)).toEqual([]));
  }

  it("catches a route that reads the form, the session or the database another way", () => {
    const probe = path.join(APP, "routes", "+shared", "__convention-probe.server.ts");
    fs.writeFileSync(probe, 'import { getDb } from "../../../server/db";\nexport const x = () => request.formData();\n');
    try {
      expect(sourcesOf(probe).length).toBe(1);
      // getDb by name and by importing it from the database module, and formData.
      expect(violationsIn(path.relative(APP, probe))).toHaveLength(3);
    } finally {
      fs.rmSync(probe);
    }
  });

  it("catches an action that spells out the visitors' prologue instead of visitorAction", () => {
    const probe = path.join(APP, "routes", "+shared", "__prologue-probe.server.ts");
    fs.writeFileSync(
      probe,
      [
        "export async function loader() { return ctx.user(); }",
        "export async function action({ request }) {",
        "  const read = await readForm(request);",
        '  const viaFetcher = read.form.get("via") === "fetcher";',
        "  const user = await ctx.user();",
        "}",
        "",
      ].join("\n"),
    );
    try {
      // The action's hand-read form + ctx.user(), and its own via=fetcher; the loader alone is fine.
      expect(violationsIn(path.relative(APP, probe))).toEqual([
        expect.stringContaining("visitorAction (server/toolkit/action.ts), whose viaFetcher"),
        expect.stringContaining('"export async function action({ request }) {" reads the form and asks who sent it'),
      ]);
    } finally {
      fs.rmSync(probe);
    }
  });
});
