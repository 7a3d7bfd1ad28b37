-- Passkeys (WebAuthn; issue 31, ADR 036). A passkey is a credential of one account, found by its
-- credential id (unique across accounts: an authenticator makes a new one per registration). The
-- public key is the COSE key the authenticator gave (base64url); `counter` the signature counter
-- (0 for authenticators that keep none, which most synced passkeys do); `device_type` and
-- `backed_up` the authenticator's BE and BS flags; `transports` what the browser reported. A deleted
-- account's passkeys go with it.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  device_type text NOT NULL,
  backed_up boolean NOT NULL,
  aaguid text,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_account_id_idx ON passkeys (account_id);

-- WebAuthn challenges: each usable once (deleted by the statement that checks it) and for five
-- minutes, kept as a SHA-256 hash. `purpose` is what it was made for: 'register' (adding a passkey
-- to account_id), 'sign_in' (no account: any passkey of this site), 'verify' (a passkey of
-- account_id, as a second step or to prove the player again). The sweep deletes them a day after
-- they expired.
CREATE TABLE webauthn_challenges (
  id bigserial PRIMARY KEY,
  challenge_hash text NOT NULL UNIQUE,
  purpose text NOT NULL,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_at_idx ON webauthn_challenges (expires_at);
