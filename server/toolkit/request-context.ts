import { createContext, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { getAuth, type Auth, type SessionUser } from "../auth";
import { ANON, getDb, pingDatabase, withUser, type Claims, type Database, type Queryable } from "../db";
import type { ReadCache } from "../cache/read-cache";
import { readKey, type OwnRead, type VisitorRead } from "../cache/reads";
import { ANY, type Dependency } from "../cache/dependencies";
import { loginRedirect } from "./request";
import { isBlocked } from "../models/moderation";
import { refusePage } from "./refuse-page";
import type { RateLimit, RateLimiter } from "./rate-limit";
import { getEnv } from "../env";

const BLOCKED = {
  title: "Sua conta está bloqueada",
  message: "A moderação bloqueou sua conta: você não pode publicar no Guida.",
  link: { to: "/", label: "Voltar ao início" },
};

/**
 * One request's view of who is asking and of the database, for every loader and action:
 *
 *   const ctx = getRequestContext(context);
 *   const user = await ctx.requireUser();            // or ctx.user() where visitors are welcome
 *   await ctx.db.asVisitor(businessPage, { id });    // the catalogue, shared by everyone
 *   await ctx.db.asCaller((tx) => …);                 // reads and writes with the caller's claims (RLS)
 *   await ctx.db.asViewer(postList, page);            // a visitor's from the shared cache, a resident's with their claims
 *   await ctx.db.own(badges, null);                   // the caller's own small reads, kept for them
 *
 * The root route's middleware builds it once per request; the session behind it is looked up
 * at most once, and only if something asks (an image or a public page's data costs no lookup).
 */
export type RequestContext = {
  /** The peer's address as the server saw it. */
  readonly clientAddress: string;
  /** The CSP nonce of this response's inline scripts. */
  readonly cspNonce: string;
  session(): Promise<RequestSession>;
  /** The signed-in resident, or null for a visitor. */
  user(): Promise<SessionUser | null>;
  /** Protected screens: a visitor is sent to /login (thrown), keeping where they wanted to go. */
  requireUser(): Promise<SessionUser>;
  /** Sign-in, sign-out and password changes (the configured adapter: local or Supabase). */
  auth(): Promise<Auth>;
  /**
   * Runs `task` once the response has been written, so the answer neither waits for it nor
   * betrays by its timing what the task found (the reset e-mail: sent only when the account
   * exists). Its failures can only be logged: the caller has had its answer.
   */
  afterResponse(what: string, task: () => Promise<void>): void;
  /**
   * The accounts' rate limits (sign-in, sign-up, resets, account e-mails), shared by every
   * server: `hit` answers how many seconds to wait (0: go ahead), RATE_LIMIT_SCALE applied.
   */
  readonly limits: { hit(key: string, rule: RateLimit): Promise<number>; reset(key: string): Promise<void> };
  readonly db: {
    asVisitor<Args, T>(read: VisitorRead<Args, T>, args: Args): Promise<T>;
    asCaller<T>(fn: (tx: Queryable, user: SessionUser | null) => Promise<T>): Promise<T>;
    /**
     * A declared read whose answer a resident's claims may change (their own hidden item, a
     * moderator's view, their votes): a visitor gets it from the shared cache (asVisitor), a
     * resident gets it read with their claims (as asCaller does), never shared.
     */
    asViewer<Args, T>(read: VisitorRead<Args, T>, args: Args): Promise<T>;
    own<Args, T>(read: OwnRead<Args, T>, args: Args): Promise<T>;
    /**
     * With the claims of a resident this very request has just signed in (the adapter's
     * verified answer): the request's own cookies do not know them yet.
     */
    asSignedIn<T>(user: SessionUser, fn: (tx: Queryable) => Promise<T>): Promise<T>;
    /** Whether the database answers within `timeoutMs` (/healthz): its engine, else it throws. */
    ping(timeoutMs: number): Promise<Database["engine"]>;
  };
};

export type RequestSession = { user: SessionUser | null; claims: Claims; headers: Headers };

/**
 * What Guida's server hands each request (server/http/pipeline.ts), in production and under
 * `npm run dev` alike: every field is always there.
 */
export type ServerContext = {
  clientAddress: string;
  cspNonce: string;
  /** Shared results of the catalogue's reads, dropped by the changes that touch them (server/cache/read-cache.ts). */
  publicReads: ReadCache;
  /** Each resident's own reads, by user id, dropped by changes to them (server/cache/read-cache.ts). */
  userReads: ReadCache;
  /** What this request's answer is made of, for the page cache: every read says so here. */
  dependsOn: (dependency: Dependency) => void;
  /** Queues work for after the response is written (server/http/app.ts). */
  afterResponse: (task: () => Promise<void>) => void;
  /** Where the accounts' limits are counted (server/toolkit/rate-limit.ts). */
  limiter: RateLimiter;
};

// No default: a request that did not come through the server has no context to fall back on.
const serverContext = createContext<ServerContext>();
const requestContext = createContext<RequestContext>();

/** The load context the server passes to React Router (middleware wants a RouterContextProvider). */
export function loadContextFor(server: ServerContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(serverContext, server);
  return context;
}

export function serverContextOf(context: Readonly<RouterContextProvider>): ServerContext {
  return context.get(serverContext);
}

/** On the root route: every route below gets the same context for the whole request. */
export const requestContextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(requestContext, createRequestContext(request, context.get(serverContext)));
  return next();
};

export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

/** The loader of a page only residents open (a blank form to fill): a visitor is sent to /login. */
export async function residentsOnly({ context }: { context: Readonly<RouterContextProvider> }) {
  await getRequestContext(context).requireUser();
  return null;
}

function createRequestContext(request: Request, server: ServerContext): RequestContext {
  let session: Promise<RequestSession> | undefined;
  // Memoized here, for this request only: the root loader and the page's run in parallel.
  const getSession = () => (session ??= getAuth().then((auth) => auth.getSession(request)));
  const asClaims = async <T>(claims: Claims, fn: (tx: Queryable) => Promise<T>) => withUser(await getDb(), claims, fn, server.clientAddress);

  const db: RequestContext["db"] = {
    asVisitor: (read, args) => {
      const run = () => asClaims(ANON, (tx) => read.run(tx, args));
      const dependency = read.dependency(args);
      server.dependsOn(dependency);
      return server.publicReads.read(readKey(read.name, args), run, dependency);
    },
    asViewer: async (read, args) => ((await getSession()).user ? db.asCaller((tx) => read.run(tx, args)) : db.asVisitor(read, args)),
    asCaller: async (fn) => {
      // Any read or write at all: a page made this way is dropped by every change.
      server.dependsOn(ANY);
      const { user, claims } = await getSession();
      try {
        return await asClaims(claims, (tx) => fn(tx, user));
      } catch (error) {
        // A blocked resident's write refused by the database (issue #18): a 403 that says
        // why, on every publishing route, instead of a crash page.
        if (user && (error as { code?: string }).code === "42501" && (await asClaims(claims, isBlocked))) throw refusePage(403, BLOCKED);
        throw error;
      }
    },
    own: async (read, args) => {
      const { user, claims } = await getSession();
      if (!user) throw loginRedirect(request);
      const run = () => asClaims(claims, (tx) => read.run(tx, user.id, args));
      const dependency = read.dependency(user.id, args);
      server.dependsOn(dependency);
      // Keyed by the verified session's user id: nobody else can be answered with it.
      return server.userReads.read(`${user.id}|${readKey(read.name, args)}`, run, dependency);
    },
    asSignedIn: (user, fn) => asClaims({ role: "authenticated", sub: user.id, email: user.email }, fn),
    ping: pingDatabase,
  };

  return {
    clientAddress: server.clientAddress,
    cspNonce: server.cspNonce,
    session: getSession,
    auth: getAuth,
    afterResponse: (what, task) => {
      const guarded = () =>
        task().catch((error: unknown) => {
          console.error(`[after-response] ${what} failed:`, error);
        });
      server.afterResponse(guarded);
    },
    limits: {
      hit: (key, rule) => server.limiter.hit(key, rule, getEnv().RATE_LIMIT_SCALE),
      reset: (key) => server.limiter.reset(key),
    },
    user: async () => (await getSession()).user,
    requireUser: async () => {
      const { user } = await getSession();
      if (!user) throw loginRedirect(request);
      return user;
    },
    db,
  };
}
