-- Device authorizations (RFC 8628): a game shows a user code, the player enters it at /device and
-- approves; the game polls with its device code. Both codes are kept only as SHA-256 hashes.
-- interval_seconds grows by 5 each time the device polls too fast (slow_down).
CREATE TABLE device_authorizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  device_code_hash text NOT NULL UNIQUE,
  user_code_hash text NOT NULL UNIQUE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  device_name text,
  user_flow text NOT NULL DEFAULT 'default',
  user_flow_options jsonb,
  registration_defaults jsonb,
  auth_type text NOT NULL DEFAULT 'device' CHECK (auth_type IN ('device', 'passwordless')),
  scope text,
  expires_at timestamptz NOT NULL,
  interval_seconds integer NOT NULL,
  last_polled_at timestamptz,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  authorized_at timestamptz,
  error text,
  redeemed_at timestamptz,
  family_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_authorizations_expires_at_idx ON device_authorizations (expires_at);

-- OpenID Connect: the scope and nonce a game asked for travel with its authorization code into the
-- ID token.
ALTER TABLE authorization_codes ADD COLUMN scope text, ADD COLUMN nonce text;

-- Keys that sign ID tokens (ES256). The newest signs; older ones stay published in the JWKS until
-- every token they signed has expired. The private key is sealed with the server's secret box.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
