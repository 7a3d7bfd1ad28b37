-- The operators' console (issue 33, ADR 038): operator accounts apart from players, their sessions,
-- and the audit of what they did. An operator is created with a setup link (its token's SHA-256,
-- valid for a day); using it sets the password (argon2id) and the authenticator secret (sealed with
-- MFA_SECRET_KEY), which cannot be removed. Sessions are short (CONSOLE_SESSION_HOURS) and idle out
-- (CONSOLE_IDLE_MINUTES); their tokens are stored as SHA-256 and are never player tokens.
CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'support', 'admin')),
  password_hash text,
  totp_secret text,
  totp_pending_secret text,
  totp_last_step bigint,
  setup_token_hash text UNIQUE,
  setup_expires_at timestamptz,
  failed_sign_ins integer NOT NULL DEFAULT 0,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  last_sign_in_at timestamptz
);
CREATE UNIQUE INDEX operators_email ON operators (lower(email));

CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

CREATE TABLE operator_audit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  operator_id uuid REFERENCES operators (id) ON DELETE SET NULL,
  operator_email text NOT NULL,
  action text NOT NULL,
  target_kind text NOT NULL CHECK (target_kind IN ('player', 'operator', 'live_ops')),
  target_id text NOT NULL,
  why text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX operator_audit_at ON operator_audit (at DESC, id);
CREATE INDEX operator_audit_target ON operator_audit (target_id, at DESC);

-- Platform identities found by their last seen name in the console (exact, case-insensitive); the
-- other searches (email, display name, account id, platform subject) have their index already.
CREATE INDEX platform_links_username_lower ON platform_links (lower(username));
