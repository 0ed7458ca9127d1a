import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { MAX_IMAGE_BYTES } from "#core/images";
import { safeRedirectPath } from "#core/redirects";
import type { Refused } from "#core/refused";
import type { SessionUser } from "../auth";
import { flashCookie, type Flash } from "./flash";
import { getRequestContext, type RequestContext } from "./request-context";

/**
 * The write-action toolkit: how every action reads what was sent and answers. A refused
 * submission always comes back in one shape (Refused, core/refused.ts) with a 4xx status, so the page
 * re-renders with the message and what was typed; a successful write is a 303 with a flash.
 *
 *   const read = await readSubmission(request, Schema);
 *   if (!read.ok) return read.refusal;                        // 400, or 413 for a photo too large
 *   …
 *   if (taken) return read.refuse(409, { fieldErrors: { username: ["…"] } });
 *   return redirectWithFlash(request, "/profile", "Perfil atualizado.");
 *
 * A resident's write is a signedInAction: it sends a visitor to /login and reads the form once.
 * The forms a visitor may send too and whose answer depends on who sent them (favorites, votes,
 * a post's comments) are a visitorAction: the form read once, the sender or null, and where a
 * plain post goes back to; each decides what a visitor gets (a 401 for a fetcher, /login for a
 * plain post). Sign-in and the theme do not ask who is there.
 * Multi-intent actions then switch on intentOf(form) to named functions, and each parses its
 * own schema (parseSubmission).
 */


/** What a body that is not a form (JSON, text/plain, broken multipart) gets back. */
export const UNREADABLE_FORM = "Não conseguimos ler o envio. Tente de novo.";

/** What text carrying U+0000 gets back: no keyboard types it and PostgreSQL text cannot store it. */
export const NUL_REFUSED = "O texto enviado tem um caractere inválido (o caractere nulo). Apague-o e tente de novo.";

/** Conform's errors of a refused submission: about the whole form, and per field. */
export type Errors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
type ReplyInit = { headers?: HeadersInit };

/** A refusal not about what was typed: 403, 404, an unknown intent, a body we cannot read. */
export function replyRefused(
  status: number,
  message: string | string[],
  options: { intent?: string; field?: string; initialValue?: Record<string, string> } & ReplyInit = {},
) {
  const messages = typeof message === "string" ? [message] : message;
  const result: SubmissionResult<string[]> = { status: "error", initialValue: options.initialValue, error: { [options.field ?? ""]: messages } };
  return data<Refused>({ intent: options.intent ?? "", result }, { status, headers: options.headers });
}

/** A successful write: 303 to where the change shows, with a one-time message there. */
export function redirectWithFlash(request: Request, to: string, message: string, options: { kind?: Flash["kind"] } & ReplyInit = {}) {
  const headers = new Headers(options.headers);
  headers.append("Set-Cookie", flashCookie(request, { kind: options.kind ?? "success", message }));
  return redirect(to, { status: 303, headers });
}

export type FormRead = { ok: true; form: FormData } | { ok: false; refusal: ReturnType<typeof replyRefused> };

/**
 * The request's form, urlencoded or multipart. A hand-made request (JSON, no Content-Type, a
 * cut-off multipart) gets a 400 with a message instead of a crash page. Bodies over the
 * server's limits never get here: the server answers those 413 as they arrive.
 */
export async function readForm(request: Request): Promise<FormRead> {
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, refusal: replyRefused(400, UNREADABLE_FORM) };
  }
}

/** What a resident's write works with once signedInAction has let it in. */
export type SignedInWrite = { ctx: RequestContext; user: SessionUser; form: FormData };

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The action of a form only residents send: a visitor is sent to /login (thrown, keeping where
 * they were), a body that is not a form gets the 400; then `write` answers.
 *
 *   export const action = signedInAction(({ request, params }: Route.ActionArgs, { ctx, user, form }) => …);
 */
export function signedInAction<Args extends ActionArgs, Result>(write: (args: Args, signedIn: SignedInWrite) => Promise<Result>) {
  return async (args: Args) => {
    const ctx = getRequestContext(args.context);
    const user = await ctx.requireUser();
    const read = await readForm(args.request);
    if (!read.ok) return read.refusal;
    return write(args, { ctx, user, form: read.form });
  };
}

/** What an action visitors may send works with once visitorAction has read the form. */
export type VisitorWrite = {
  ctx: RequestContext;
  /** Null for a visitor: the action decides what a visitor gets. */
  user: SessionUser | null;
  form: FormData;
  intent: string;
  /** Where a plain form post goes back to: the form's redirectTo when it is a path here, else the fallback. */
  back: string;
  /** The hydrated form says via=fetcher: it wants data, since a redirect would navigate away. */
  viaFetcher: boolean;
};

/**
 * The action of a form visitors may send too (favorites, votes, a post's comments): the one
 * prologue they share — the form read once (a body that is not a form gets the 400), who sent
 * it, its intent, where to go back, fetcher or plain post; then `write` answers.
 * tests/unit/route-conventions.test.ts refuses an action that spells this out by hand.
 *
 *   export const action = visitorAction("/favorites", (args: Route.ActionArgs, { ctx, user, form, back }) => …);
 */
export function visitorAction<Args extends ActionArgs, Result>(
  fallback: string | ((args: Args) => string),
  write: (args: Args, sent: VisitorWrite) => Promise<Result>,
) {
  return async (args: Args) => {
    const ctx = getRequestContext(args.context);
    const read = await readForm(args.request);
    if (!read.ok) return read.refusal;
    const { form } = read;
    const back = safeRedirectPath(form.get("redirectTo"), typeof fallback === "string" ? fallback : fallback(args));
    const user = await ctx.user();
    return write(args, { ctx, user, form, intent: intentOf(form), back, viaFetcher: form.get("via") === "fetcher" });
  };
}

/** The form's `intent` (which of a page's forms was sent), or the fallback. */
export function intentOf(form: FormData, fallback = ""): string {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : fallback;
}

export type Parsed<Value> =
  | {
      ok: true;
      value: Value;
      form: FormData;
      /** Refuses after a later check (a taken username, a photo that is not an image). */
      refuse(status: number, errors: Errors, init?: ReplyInit): ReturnType<typeof replyRefused>;
    }
  | { ok: false; refusal: ReturnType<typeof replyRefused> };

type ParseOptions = { intent?: string; hideFields?: string[] };

/**
 * Validates a form against its schema. In the same zod pass, any text carrying U+0000 is
 * refused: no keyboard types it and PostgreSQL text cannot store it (the write would fail
 * halfway). A file too large for the schema makes the refusal a 413. Files never travel back
 * in the reply (they are not JSON; the browser keeps them).
 */
export function parseSubmission<Schema extends z.ZodType>(form: FormData, schema: Schema, options: ParseOptions = {}): Parsed<z.output<Schema>> {
  const submission = parseWithZod(form, { schema: refusingNul(schema), disableAutoCoercion: true });
  const intent = options.intent ?? intentOf(form);
  const reply = (status: number, errors: Errors = {}, init: ReplyInit = {}) => {
    const result = submission.reply({ ...errors, hideFields: options.hideFields }) as SubmissionResult<string[]>;
    return data<Refused>({ intent, result: { ...result, initialValue: withoutFiles(result.initialValue) } }, { status, headers: init.headers });
  };
  if (submission.status !== "success") {
    const tooLarge = Object.keys(submission.error ?? {}).some((name) =>
      form.getAll(name.split(/[.[]/)[0]!).some((value) => value instanceof File && value.size > MAX_IMAGE_BYTES),
    );
    return { ok: false, refusal: reply(tooLarge ? 413 : 400) };
  }
  return { ok: true, value: submission.value as z.output<Schema>, form, refuse: (status, errors, init) => reply(status, errors, init) };
}

/** readForm, then parseSubmission: the whole of a single-form action's reading. */
export async function readSubmission<Schema extends z.ZodType>(request: Request, schema: Schema, options: ParseOptions = {}): Promise<Parsed<z.output<Schema>>> {
  const read = await readForm(request);
  if (!read.ok) return read;
  return parseSubmission(read.form, schema, options);
}

const guarded = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema, coerced from form values as conform does, plus the NUL rule over every text
 * sent (not only what the schema keeps: a transform may drop the character, the refusal
 * must not depend on it). Both run on every submission, so one answer lists every problem.
 */
function refusingNul(schema: z.ZodType): z.ZodType {
  let wrapped = guarded.get(schema);
  if (!wrapped) {
    const coerced = coerceFormValue(schema) as z.ZodType;
    wrapped = z.unknown().transform((payload, ctx) => {
      const nul = carriesNul(payload);
      if (nul) ctx.addIssue({ code: "custom", message: NUL_REFUSED, input: payload, path: [] });
      const result = coerced.safeParse(payload);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: "custom", message: issue.message, input: issue.input, path: issue.path });
        }
        return z.NEVER;
      }
      return nul ? z.NEVER : result.data;
    });
    guarded.set(schema, wrapped);
  }
  return wrapped;
}

function carriesNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(carriesNul);
  if (value && typeof value === "object" && !(value instanceof File)) return Object.values(value).some(carriesNul);
  return false;
}

function withoutFiles<T>(value: T): T {
  if (value instanceof File) return undefined as T;
  if (Array.isArray(value)) return value.filter((item) => !(item instanceof File)).map(withoutFiles) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item instanceof File ? [] : [[key, withoutFiles(item)]]))) as T;
  }
  return value;
}
