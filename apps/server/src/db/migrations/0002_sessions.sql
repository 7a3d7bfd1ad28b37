-- Sessions (docs/decisions/002-token-design.md): opaque access tokens stored as SHA-256 hashes.
-- account_id gains its foreign key when the accounts table arrives.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL,
  family_id uuid NOT NULL,
  access_token_hash text NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  mfa_pending boolean NOT NULL DEFAULT false,
  client_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_account_id_idx ON sessions (account_id);
CREATE INDEX sessions_family_id_idx ON sessions (family_id);
