-- Playtests (betas): the operators' definitions, players' registrations, campaign and referral codes,
-- platform keys handed out exactly once, and Twitch drops that grant a playtest (issue 18, ADR 023).

-- A playtest as the operators put it (`npm run admin -- betas put <file.json>`). `key` is the
-- operators' name for it; `version` changes with every put that changes it (a page that read another
-- version is stale), `terms_version` with every change of its terms.
CREATE TABLE betas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE,
  game_slug text NOT NULL REFERENCES games (slug),
  texts jsonb NOT NULL,
  cover text,
  platforms text[] NOT NULL,
  registration_start timestamptz,
  registration_end timestamptz,
  redemption_start timestamptz,
  redemption_end timestamptz,
  speed_check boolean NOT NULL DEFAULT false,
  platform_survey boolean NOT NULL DEFAULT false,
  referral_max_count integer CHECK (referral_max_count >= 0),
  referral_degree integer CHECK (referral_degree >= 0),
  minimum_age integer CHECK (minimum_age >= 0),
  version integer NOT NULL DEFAULT 1,
  terms_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A player's registration (the spec's "record"), and the code that gave them access once redeemed:
-- a campaign code (degree 0), a referral code (its creator's degree + 1) or a Twitch drop (degree 0).
CREATE TABLE beta_registrations (
  beta_id uuid NOT NULL REFERENCES betas (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  speed text,
  platforms text[] NOT NULL,
  terms_version integer NOT NULL,
  code text,
  code_type text CHECK (code_type IN ('single', 'shared', 'referral', 'twitch')),
  code_degree integer,
  redeemed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (beta_id, account_id)
);
CREATE INDEX beta_registrations_account ON beta_registrations (account_id);

-- Codes players type: campaign codes the operators make (single: one player; shared: any number of
-- players) and referral codes players make (one player each). Stored upper-case.
CREATE TABLE beta_codes (
  code text PRIMARY KEY,
  beta_id uuid NOT NULL REFERENCES betas (id) ON DELETE CASCADE,
  code_type text NOT NULL CHECK (code_type IN ('single', 'shared', 'referral')),
  degree integer NOT NULL DEFAULT 0,
  owner uuid REFERENCES accounts (id) ON DELETE CASCADE,
  redeemed_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
  redeemed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((code_type = 'referral') = (owner IS NOT NULL))
);
CREATE INDEX beta_codes_owner ON beta_codes (owner, beta_id, created_at) WHERE owner IS NOT NULL;

-- Platform keys (Steam, Xbox... product keys) the operators import; each goes to one player, once.
-- `awarded_at` marks a key handed out for good, even if its player's account is deleted later.
CREATE TABLE beta_platform_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  beta_id uuid NOT NULL REFERENCES betas (id) ON DELETE CASCADE,
  platform text NOT NULL,
  key text NOT NULL,
  account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
  awarded_at timestamptz,
  imported_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, key)
);
-- The keys left, in import order (an award takes the first one nobody else holds a lock on).
CREATE INDEX beta_platform_keys_free ON beta_platform_keys (beta_id, platform, id) WHERE awarded_at IS NULL;
-- At most one key per player and playtest.
CREATE UNIQUE INDEX beta_platform_keys_holder ON beta_platform_keys (beta_id, account_id) WHERE account_id IS NOT NULL;

-- Twitch drop benefits (`npm run admin -- twitch benefits put <file.json>`): which playtest a benefit
-- grants, with its game, Drops campaign and cycle.
CREATE TABLE twitch_benefits (
  benefit_id text PRIMARY KEY,
  game_slug text NOT NULL REFERENCES games (slug),
  beta_id uuid NOT NULL REFERENCES betas (id) ON DELETE CASCADE,
  campaign_id text NOT NULL,
  campaign_title jsonb,
  cycle_id text NOT NULL,
  cycle_start timestamptz,
  cycle_end timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Drops entitlements granted here: one grant per entitlement, whoever claims it and however often.
CREATE TABLE twitch_claims (
  entitlement_id text PRIMARY KEY,
  account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
  benefit_id text NOT NULL,
  beta_id uuid NOT NULL REFERENCES betas (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  fulfilled_at timestamptz
);
