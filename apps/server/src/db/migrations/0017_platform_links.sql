-- Platform identities (issue 15, ADR 020).
--
-- platform_settings (0001) gave each platform's global_support_enabled by hand; platform_configs
-- replaces it: a platform is supported when an operator configured and enabled it.
DROP TABLE platform_settings;
--
-- platform_configs: what an operator configured for each platform (`npm run admin -- platforms put`):
-- the protocol, the client, the provider's issuer or endpoints, scopes, whether it is restricted and
-- how long a replaced link stays locked. The client secret is sealed like two-factor secrets.
CREATE TABLE platform_configs (
  platform text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT true,
  protocol text NOT NULL CHECK (protocol IN ('oidc', 'oauth2', 'steam_openid', 'short_code')),
  client_id text,
  client_secret_sealed text,
  issuer text,
  endpoints jsonb NOT NULL DEFAULT '{}',
  scope text,
  restricted boolean NOT NULL DEFAULT false,
  relink_cooldown_days integer NOT NULL DEFAULT 30 CHECK (relink_cooldown_days BETWEEN 0 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per account and platform. An identity is (platform, subject): the subject the provider
-- gives, never an email. A pending identity waits for PUT /accounts/me/confirm/{platform}.
-- locked_until: a link made after a disconnect of the same platform cannot be replaced or removed
-- before then (spec: "may be locked for a period").
CREATE TABLE platform_links (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  platform text NOT NULL,
  subject text NOT NULL,
  username text,
  pending_subject text,
  pending_username text,
  refresh_required boolean NOT NULL DEFAULT false,
  locked_until timestamptz,
  linked_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, platform),
  UNIQUE (platform, subject)
);

-- Disconnects, for the relink cooldown and for support.
CREATE TABLE platform_unlinks (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  platform text NOT NULL,
  subject text NOT NULL,
  unlinked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX platform_unlinks_account ON platform_unlinks (account_id, platform, unlinked_at);

-- The devices each account signed in from with a platform (the web app's visitor id, hashed): a
-- sign-in from a device not seen before mails a security notice.
CREATE TABLE platform_sign_in_devices (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, device_hash)
);

-- The response nonces of Steam's OpenID 2.0 assertions already used (each is accepted once, on every
-- instance); rows older than the nonce's 5 minutes are deleted as new ones come.
CREATE TABLE openid_nonces (
  nonce text PRIMARY KEY,
  issued_at timestamptz NOT NULL
);
CREATE INDEX openid_nonces_issued_at ON openid_nonces (issued_at);

-- The account row carries its links as the API shows them (accounts.platform_links), kept by this
-- trigger in the same transaction: every read of an account has them, and the update announces the
-- change to every instance (ADR 017's account_changed trigger on accounts).
ALTER TABLE accounts ADD COLUMN platform_links jsonb NOT NULL DEFAULT '{}';

-- The links of one account as the API shows them.
CREATE FUNCTION account_platform_links(target uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(jsonb_object_agg(platform, jsonb_build_object(
    'auth_id', subject,
    'last_seen_username', username,
    'pending', CASE WHEN pending_subject IS NULL THEN NULL
               ELSE jsonb_build_object('auth_id', pending_subject, 'last_seen_username', pending_username) END,
    'refresh_required', refresh_required,
    'locked_until', locked_until
  )), '{}'::jsonb)
  FROM platform_links WHERE account_id = target
$$;

CREATE FUNCTION refresh_account_platform_links() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE accounts SET platform_links = account_platform_links(OLD.account_id) WHERE id = OLD.account_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.account_id IS DISTINCT FROM NEW.account_id) THEN
    UPDATE accounts SET platform_links = account_platform_links(NEW.account_id) WHERE id = NEW.account_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER platform_links_changed AFTER INSERT OR UPDATE OR DELETE ON platform_links
  FOR EACH ROW EXECUTE FUNCTION refresh_account_platform_links();
