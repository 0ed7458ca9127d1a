import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The house's size limits and "no dead code", read from the source itself (issue #14):
 *
 * - a route or component file (app/routes, app/components) has at most 300 lines;
 * - a function outside the clicker game (app/game) has at most 120 lines. Method: TypeScript
 *   parses each file of app/ and server/; every function with a body (declaration, arrow,
 *   expression, method, accessor) is measured from its first to its last line, the functions
 *   written inside it included (and measured on their own too). So a factory that returns ten
 *   methods counts whole, as one reads it: its pieces must be named functions of their own.
 * - Radix and sonner are imported only by the UI kit (app/components/ui/: dialog, toast,
 *   tooltip), so each screen has one import for each and their look lives in one place;
 * - every export of app/ and server/ is named somewhere besides its declaration in the code
 *   that ships (app/, server/, scripts/, bench/, the root's config and server files). Tests do
 *   not count: a model function only a test calls is dead code, and its test tests nothing the
 *   app does. Route-module exports React Router calls by name (loader, action, meta, the
 *   default component, …) are exempt.
 */

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 120;

const tracked = (...paths: string[]) =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "--", ...paths], { encoding: "utf8" })
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));

const sourceFiles = tracked("app", "core", "server").filter((file) => /\.tsx?$/.test(file));
const text = new Map(sourceFiles.map((file) => [file, readFileSync(file, "utf8")]));
const lineCount = (source: string) => source.split("\n").length - (source.endsWith("\n") ? 1 : 0);

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, text.get(file)!, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const hasBody = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionLike(node) && "body" in node && node.body !== undefined;

/** Each function of the file with its line count, nested functions included (see the method above). */
function functionLengths(file: string): { name: string; line: number; lines: number }[] {
  const source = parse(file);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (hasBody(node)) {
      const first = lineOf(node.getStart(source));
      const name = node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : "(anonymous)");
      found.push({ name, line: first + 1, lines: lineOf(node.end) - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** React Router calls these route-module exports by name; nothing in our code does. */
const ROUTE_MODULE_EXPORTS = new Set([
  "loader",
  "action",
  "meta",
  "links",
  "headers",
  "handle",
  "middleware",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
  "shouldRevalidate",
  "clientLoader",
  "clientAction",
]);

/** The names a file exports, except its default export (a route's screen or the app itself). */
function exportedNames(file: string): string[] {
  const names: string[] = [];
  for (const statement of parse(file).statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) names.push(declaration.name.getText());
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return names.filter((name) => !ROUTE_MODULE_EXPORTS.has(name));
}

// Parsing every source file takes about a second alone; on a loaded shared machine, far more.
describe("code shape", { timeout: 60_000 }, () => {
  it(`keeps every route and component file at ${MAX_FILE_LINES} lines or fewer`, () => {
    const long = sourceFiles
      .filter((file) => file.startsWith("app/routes/") || file.startsWith("app/components/"))
      .map((file) => ({ file, lines: lineCount(text.get(file)!) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`keeps every function outside app/game at ${MAX_FUNCTION_LINES} lines or fewer, nested functions included`, () => {
    const long = sourceFiles
      .filter((file) => !file.startsWith("app/game/"))
      .flatMap((file) => functionLengths(file).map((fn) => ({ file, ...fn })))
      .filter(({ lines }) => lines > MAX_FUNCTION_LINES);
    expect(long).toEqual([]);
  });

  it("measures a function with the functions written inside it", () => {
    // The method's own check, on a file it cannot misread: the outer function's 6 lines,
    // the inner one's 4 inside them, measured on its own too.
    const sample = ["function outer() {", "  const inner = () => {", "    a();", "    b();", "  };", "}", ""].join("\n");
    text.set("sample.ts", sample);
    expect(functionLengths("sample.ts")).toEqual([
      { name: "outer", line: 1, lines: 6 },
      { name: "inner", line: 2, lines: 4 },
    ]);
    text.delete("sample.ts");
  });

  it("imports Radix and sonner only inside the UI kit (app/components/ui/)", () => {
    const outside = sourceFiles
      .filter((file) => !file.startsWith("app/components/ui/"))
      .filter((file) => /(?:from\s+|import\()\s*["'](?:@radix-ui\/[\w-]+|sonner)["']/.test(text.get(file)!));
    expect(outside).toEqual([]);
  });

  it("exports nothing that only its own declaration or the tests name (dead code)", () => {
    const shipped = tracked("app", "core", "server", "scripts", "bench", "server.js", "react-router.config.ts", "vite.config.ts");
    const shippedText = shipped.map((file) => text.get(file) ?? readFileSync(file, "utf8")).join("\n");
    const dead = sourceFiles.flatMap((file) =>
      exportedNames(file)
        .filter((name) => (shippedText.match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g")) ?? []).length < 2)
        .map((name) => `${file}: ${name}`),
    );
    expect(dead).toEqual([]);
  });
});
