-- Single-use tokens sent in mailed links (password reset, unlock, email verification, preferences).
CREATE TABLE link_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('recovery', 'unlock', 'verify_email', 'email_preferences')),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX link_tokens_account_idx ON link_tokens (account_id, purpose);
