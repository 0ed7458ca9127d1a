import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import ts from "typescript";
import routes from "~/routes";

// Issue #25: the hostile-input table must try every intent of every action, not only its
// default one. This reads the intents each action accepts from the route modules themselves
// (and the ./+shared modules they import), so a new intent without a row in the table is
// refused by the suite (tests/integration/hostile-input.test.ts), whoever adds it.
//
// What counts as an intent, in the action's code: a `case "x":` of a switch on the intent,
// a comparison of the intent with "x" (`intent === "x"`, `intentOf(form) !== "x"`), the
// fallback of `intentOf(form, "x")`, and a schema's `intent: z.literal("x")`. The intent is a
// variable or property named `intent`, a call of `intentOf(…)`, or `form.get("intent")` (a form
// variable's: the browser's pending `navigation.formData` is not the action's).

const APP = path.resolve(import.meta.dirname, "../app");

/** Routes whose action is no form of the contract, with the reason. */
const NOT_A_FORM: Record<string, string> = {
  "*": "every POST to an unknown path is the 404 page (not-found.tsx)",
};

export type RouteAction = {
  /** As app/routes.ts writes it, without the leading slash: "business/:id/e-meu". */
  path: string;
  file: string;
  /** Every intent the action tells apart; empty when it has none. */
  intents: string[];
  /** What a form without `intent` is taken for (intentOf's fallback), if anything. */
  fallback: string | null;
};

/** One row of a hostile-input table: where it posts ("/cadastrar/negocio") and the intent it sends ("" for none). */
export type TableRow = { path: string; intent: string };

function isIntentExpression(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) return isIntentExpression(node.expression);
  if (ts.isIdentifier(node)) return node.text === "intent";
  if (ts.isPropertyAccessExpression(node)) return node.name.text === "intent";
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isIdentifier(callee) && callee.text === "intentOf") return true;
    // form.get("intent") on the action's form (not the browser's pending navigation.formData).
    const [first] = node.arguments;
    return (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.name.text === "get" &&
      first !== undefined &&
      ts.isStringLiteral(first) &&
      first.text === "intent"
    );
  }
  return false;
}

const literalOf = (node: ts.Node | undefined): string | null => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null);

/** `z.literal("x")`, possibly followed by `.optional()` and the like. */
function zodLiteral(node: ts.Expression): string | null {
  if (!ts.isCallExpression(node)) return null;
  const callee = node.expression;
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === "literal") return literalOf(node.arguments[0]);
  return ts.isPropertyAccessExpression(callee) ? zodLiteral(callee.expression) : null;
}

/** The intents one source file tells apart, and intentOf's fallback if it names one. */
export function intentsIn(source: string, fileName = "route.tsx"): { intents: Set<string>; fallback: string | null } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const intents = new Set<string>();
  let fallback: string | null = null;
  const visit = (node: ts.Node) => {
    if (ts.isSwitchStatement(node) && isIntentExpression(node.expression)) {
      for (const clause of node.caseBlock.clauses) {
        const value = ts.isCaseClause(clause) ? literalOf(clause.expression) : null;
        if (value !== null) intents.add(value);
      }
    }
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(node.operatorToken.kind)) {
      const value = literalOf(node.right) ?? literalOf(node.left);
      const other = literalOf(node.right) !== null ? node.left : node.right;
      if (value !== null && isIntentExpression(other)) intents.add(value);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "intentOf") {
      const value = literalOf(node.arguments[1]);
      if (value !== null) {
        intents.add(value);
        fallback = value;
      }
    }
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && node.name.text === "intent") {
      const value = zodLiteral(node.initializer);
      if (value !== null) intents.add(value);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { intents, fallback };
}

/** The route module and the shared route modules it imports (./+shared/…), transitively. */
export function sourcesOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  const shared = [...source.matchAll(/from "(\.[^"]*\+shared\/[^"]*)"/g)].map((match) => {
    const base = path.resolve(path.dirname(file), match[1]!);
    return [".ts", ".tsx"].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate))!;
  });
  return [file, ...shared.flatMap((next) => sourcesOf(next, seen))];
}

const hasAction = (source: string) => /^export (?:async function action\b|function action\b|const action\b)/m.test(source);

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: joined, file: entry.file }, ...flatten(entry.children ?? [], joined)];
  });
}

/** Every route of app/routes.ts whose module has an action, with the intents it tells apart. */
export function routeActions(config: RouteConfigEntry[] = routes, appDir = APP): RouteAction[] {
  return flatten(config)
    .filter((route) => !(route.path in NOT_A_FORM))
    .map((route) => ({ route, file: path.join(appDir, route.file) }))
    .filter(({ file }) => hasAction(fs.readFileSync(file, "utf8")))
    .map(({ route, file }) => {
      const intents = new Set<string>();
      let fallback: string | null = null;
      for (const source of sourcesOf(file)) {
        const found = intentsIn(fs.readFileSync(source, "utf8"), source);
        found.intents.forEach((intent) => intents.add(intent));
        fallback ??= found.fallback;
      }
      return { path: route.path, file: route.file, intents: [...intents].sort(), fallback };
    });
}

/** "business/:id/e-meu" matches the rows "/business/{id}/e-meu" and "/business/123/e-meu". */
function matcherOf(routePath: string): RegExp {
  const segments = routePath.split("/").map((segment) => (segment.startsWith(":") || segment === "*" ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^/${segments.join("/")}$`);
}

/**
 * What the table lacks, one line per action and intent: "POST /moderacao intent=block has no row".
 * A row without an intent stands for the action's fallback, or for an action with no intents.
 */
export function missingRows(actions: RouteAction[], rows: TableRow[]): string[] {
  const missing: string[] = [];
  for (const action of actions) {
    const matcher = matcherOf(action.path);
    const sent = rows.filter((row) => matcher.test(row.path)).map((row) => row.intent || action.fallback || "");
    const wanted = action.intents.length ? action.intents : [""];
    for (const intent of wanted) {
      if (!sent.includes(intent)) missing.push(`POST /${action.path}${intent ? ` intent=${intent}` : ""} has no row (${action.file})`);
    }
  }
  return missing;
}
