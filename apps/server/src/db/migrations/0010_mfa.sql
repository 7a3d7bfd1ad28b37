-- Two-factor authentication: the authenticator secret (sealed with MFA_SECRET_KEY), the secret
-- waiting for its first code, the last step a code was accepted for (no code is accepted twice),
-- and the backup codes (HMAC for checking, sealed copy for viewing again).
ALTER TABLE accounts ADD COLUMN mfa_secret text;
ALTER TABLE accounts ADD COLUMN mfa_pending_secret text;
ALTER TABLE accounts ADD COLUMN mfa_last_step bigint;
ALTER TABLE accounts ADD COLUMN mfa_generated_at timestamptz;

CREATE TABLE mfa_backup_codes (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  sealed_code text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, code_hash)
);

-- When the session's player last proved themselves again (PUT /sessions/me/verify), for changes
-- that ask for it, such as turning two-factor off.
ALTER TABLE sessions ADD COLUMN verified_at timestamptz;
