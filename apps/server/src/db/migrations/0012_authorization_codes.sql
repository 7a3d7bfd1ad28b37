-- Game authorization codes (OAuth 2.0 with PKCE S256): only the hash of a code is kept, with what it
-- is bound to; family_id is the sign-in its redemption started, ended if the code is used again.
CREATE TABLE authorization_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  family_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX authorization_codes_expires_at_idx ON authorization_codes (expires_at);
