-- Accounts, their password history and refresh tokens (docs/decisions/002-token-design.md).
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  public_id text NOT NULL UNIQUE,
  email text,
  email_pending text,
  email_verified boolean NOT NULL DEFAULT false,
  username text,
  username_updated_at timestamptz,
  date_of_birth date,
  country text,
  territory text,
  locale text NOT NULL DEFAULT 'en-US',
  password_hash text,
  stub boolean NOT NULL DEFAULT false,
  completed boolean NOT NULL DEFAULT false,
  registration_flagged boolean NOT NULL DEFAULT false,
  marketing_opt_in boolean NOT NULL DEFAULT false,
  avatar_slug text,
  friend_request_emails boolean NOT NULL DEFAULT true,
  failed_sign_ins integer NOT NULL DEFAULT 0,
  locked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_idx ON accounts (lower(email));
CREATE UNIQUE INDEX accounts_username_idx ON accounts (lower(username));

CREATE TABLE password_history (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_account_idx ON password_history (account_id, created_at DESC);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  family_expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

ALTER TABLE sessions
  ADD CONSTRAINT sessions_account_fk FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE;
