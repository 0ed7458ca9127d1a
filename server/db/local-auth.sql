-- Local accounts (the embedded default and plain PostgreSQL; never on Supabase, whose
-- Auth owns sessions). Only the server's owner connection reaches this schema: no
-- request role has any right on it.
CREATE SCHEMA IF NOT EXISTS guida_private;
REVOKE ALL ON SCHEMA guida_private FROM PUBLIC;

-- The cookie holds a random token; only its SHA-256 is stored, so a copy of this table
-- opens no session. Deleting a row revokes the session.
CREATE TABLE IF NOT EXISTS guida_private.sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text
);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON guida_private.sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expiry_idx ON guida_private.sessions (expires_at);

CREATE TABLE IF NOT EXISTS guida_private.password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Sign-in finds the account by lower(email) (server/auth/local.ts): without this index
-- every sign-in read all of auth.users. Only here: Supabase's auth.users belongs to GoTrue.
CREATE INDEX IF NOT EXISTS users_email_lower_idx ON auth.users (lower(email));

-- E-mail confirmation links (issue #25): a new account's address, or the new address an
-- account asked to move to (`email`, stored lower-case). Only the SHA-256 of the token is
-- kept; a link works once, until expires_at. Confirming sets auth.users.email_confirmed_at.
CREATE TABLE IF NOT EXISTS guida_private.email_confirmations (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS email_confirmations_user_idx ON guida_private.email_confirmations (user_id);
