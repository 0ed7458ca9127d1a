import fs from "node:fs";
import { z } from "zod";

/**
 * Configuration is validated once at boot so a typo stops the server with a message
 * naming the variable, instead of failing later on some request.
 */
// An empty variable (FOO= in a .env file) means "not set".
const optionalUrl = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.url({ message: "deve ser uma URL completa, como https://exemplo.com" }).optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  // Uploaded and generated pictures; default DATA_DIR/media. Several servers share one folder (issue #15).
  MEDIA_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).optional()),
  DATABASE_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "deve começar com postgres:// ou postgresql://",
  }),
  // The session the change listener uses when DATABASE_URL is a transaction pooler (LISTEN needs a session).
  DATABASE_LISTEN_URL: optionalUrl.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: "deve começar com postgres:// ou postgresql://",
  }),
  DATABASE_PREPARE: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  SEED_DEMO: z.enum(["auto", "never"]).default("auto"),
  // The demo town N times over (benchmarks and plan checks): seeding adds N − 1 copies of it.
  BENCH_TOWN: z.coerce.number().int().min(1).max(1000).default(1),
  // Benchmarks only (npm run bench:city): "off" makes every request a miss of the page cache and
  // of the read caches, so a page's cost is measured whole. Production demands the explicit
  // "off-in-production": a deployment never runs uncached by a stray variable.
  SERVER_CACHES: z.enum(["on", "off", "off-in-production"]).default("on"),
  PUBLIC_URL: optionalUrl,
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  // Server-only key for Supabase Storage uploads; unset: files stay on local disk.
  SUPABASE_SERVICE_ROLE_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  SUPABASE_STORAGE_BUCKET: z.string().min(1).default("guida-media"),
  SMTP_URL: optionalUrl,
  SESSION_MAX_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Multiplies every rate limit; raised only by the test server, which signs in many times from 127.0.0.1.
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(10_000).default(1),
  // Which requests get a JSON line on stdout: all (or on), errors-and-slow, a sample rate (0.01),
  // or off. Unset: errors-and-slow in production (a line per cache hit was ~1 GB in 14 minutes
  // of load, issue #27), all elsewhere. See accessLogMode.
  ACCESS_LOG: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || /^(all|on|off|errors-and-slow)$/.test(v) || isSampleRate(v), {
      message: "deve ser all, errors-and-slow, off ou uma fração entre 0 e 1 (como 0.01)",
    }),
  // Slower than this (ms) counts as slow for ACCESS_LOG=errors-and-slow and for a sample.
  ACCESS_LOG_SLOW_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  // Prometheus metrics on a port of their own (GET /metrics); unset: no metrics. Never publish it.
  METRICS_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  // Adds each request's number of SQL statements to its access log line (on|off; costs a little).
  ACCESS_LOG_SQL: z.enum(["on", "off"]).default("off"),
  // Open /events streams (live badge, polls, feed) this server holds, and per resident (their tabs); 429 past either.
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  EVENTS_MAX_PER_RESIDENT: z.coerce.number().int().min(1).max(100).default(8),
  EVENTS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  // The first admin (issue #18): granted at each start once this account exists.
  // Web Push (issue #31): the server's VAPID key pair (base64url, as web-push generates them) and the
  // contact push services may write to. Unset: a pair generated once into DATA_DIR/vapid.json.
  VAPID_PUBLIC_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^[A-Za-z0-9_-]{87}$/, { message: "deve ser a chave pública VAPID em base64url (87 caracteres)" }).optional()),
  VAPID_PRIVATE_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: "deve ser a chave privada VAPID em base64url (43 caracteres)" }).optional()),
  VAPID_SUBJECT: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: "deve ser mailto:endereço ou uma URL https://" }).optional()),
  ADMIN_EMAIL: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.email({ message: "deve ser um e-mail" }).optional()),
  // /mapa's tiles (issue #33): a tile server's address with {z}, {x} and {y}, such as
  // https://tile.openstreetmap.org/{z}/{x}/{y}.png, and the credit its terms ask for. Unset: the
  // server's own drawn stand-in (/og/mapa/…), since no tile server is reachable from here.
  MAP_TILE_URL: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .regex(/^https:\/\/[^\s"'<>]+$/, { message: "deve ser uma URL https" })
      .refine((v) => ["{z}", "{x}", "{y}"].every((part) => v.includes(part)), { message: "deve conter {z}, {x} e {y}" })
      .optional(),
  ),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default("© colaboradores do OpenStreetMap"),
});

export type Env = z.infer<typeof EnvSchema>;

function isSampleRate(value: string): boolean {
  if (!/^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(value)) return false;
  const rate = Number(value);
  return rate > 0 && rate <= 1;
}

/**
 * What ACCESS_LOG asks for: every request, none, or only errors (status ≥ 400, 499 included)
 * and slow ones plus a random share of the rest (`sample` 0 for errors-and-slow).
 */
export type AccessLogMode = { kind: "all" } | { kind: "off" } | { kind: "filtered"; sample: number; slowMs: number };

export function accessLogMode(env: Pick<Env, "ACCESS_LOG" | "ACCESS_LOG_SLOW_MS" | "NODE_ENV">): AccessLogMode {
  const value = env.ACCESS_LOG || (env.NODE_ENV === "production" ? "errors-and-slow" : "all");
  if (value === "all" || value === "on") return { kind: "all" };
  if (value === "off") return { kind: "off" };
  const sample = value === "errors-and-slow" ? 0 : Number(value);
  return sample >= 1 ? { kind: "all" } : { kind: "filtered", sample, slowMs: env.ACCESS_LOG_SLOW_MS };
}

export class EnvError extends Error {}

/** Variables that may come from a file instead (NAME_FILE): Docker/Compose and Kubernetes secrets. */
const SECRET_NAMES = ["DATABASE_URL", "DATABASE_LISTEN_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "SMTP_URL", "VAPID_PRIVATE_KEY"] as const;

/** The source with each NAME_FILE's content as NAME (its final newline dropped), validated as NAME is. */
function withSecretFiles(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...source };
  for (const name of SECRET_NAMES) {
    const file = source[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (source[name]?.trim()) {
      throw new EnvError(`Invalid configuration:\n  ${name}_FILE: defina ${name}_FILE ou ${name}, não as duas\nSee .env.example.`);
    }
    try {
      resolved[name] = fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new EnvError(`Invalid configuration:\n  ${name}_FILE: não foi possível ler ${file} (${code})\nSee .env.example.`);
    }
  }
  return resolved;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(withSecretFiles(source));
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`,
    );
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const env = result.data;
  if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
    throw new EnvError(
      "Invalid configuration:\n  SUPABASE_ANON_KEY: required when SUPABASE_URL is set\nSee .env.example.",
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new EnvError("Invalid configuration:\n  VAPID_PRIVATE_KEY: defina VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY juntas (um par gerado por `npx web-push generate-vapid-keys`)\nSee .env.example.");
  }
  // LISTEN needs a session of its own; a transaction pooler hands out none, so the server
  // would never hear other servers' writes and serve stale pages without a word.
  if (env.DATABASE_URL && !env.DATABASE_LISTEN_URL && isTransactionPooler(env.DATABASE_URL)) {
    throw new EnvError(
      "Invalid configuration:\n  DATABASE_LISTEN_URL: obrigatória quando DATABASE_URL é um pooler de transações (como a porta 6543 do Supabase): " +
        "o aviso de mudanças (LISTEN) precisa de uma sessão própria; use a URL de sessão (no Supabase, a mesma do pooler na porta 5432, ou a conexão direta)\nSee .env.example.",
    );
  }
  // Links that leave the site are built from PUBLIC_URL, never from a request's Host. In
  // production, mail (SMTP or Supabase Auth) without it would send links to the loopback
  // address: refuse to start rather than mail links nobody can open.
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL && (env.SMTP_URL || env.SUPABASE_URL)) {
    const sender = env.SMTP_URL ? "SMTP_URL" : "SUPABASE_URL";
    throw new EnvError(
      `Invalid configuration:\n  PUBLIC_URL: obrigatória em produção quando ${sender} está definida (a origem pública dos links enviados por e-mail, como https://guida.exemplo.com.br)\nSee .env.example.`,
    );
  }
  if (env.NODE_ENV === "production" && env.SERVER_CACHES === "off") {
    throw new EnvError(
      "Invalid configuration:\n  SERVER_CACHES: \"off\" é recusado em produção (sem os caches cada página vai ao banco); " +
        "para medir em produção de propósito, use SERVER_CACHES=off-in-production\nSee .env.example.",
    );
  }
  return env;
}

/**
 * Whether a URL names a transaction pooler, where LISTEN cannot work: Supabase's pooler on
 * port 6543 (Supavisor), or any URL flagged `pgbouncer=true` as Prisma and others spell it.
 */
export function isTransactionPooler(url: string): boolean {
  const parsed = new URL(url);
  if (parsed.searchParams.get("pgbouncer") === "true") return true;
  return parsed.hostname.endsWith(".pooler.supabase.com") && parsed.port === "6543";
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
