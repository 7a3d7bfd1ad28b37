-- Foundation: API clients, games and their OAuth clients, settings, analytics, mail outbox and
-- rate-limit counters. Runs unchanged on PostgreSQL and on embedded PGlite.

CREATE TABLE api_clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('portal', 'game', 'tool')),
  key_hash text NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  game_slug text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE games (
  slug text PRIMARY KEY,
  name text NOT NULL,
  user_experience jsonb NOT NULL,
  mature_audience boolean NOT NULL DEFAULT false,
  flagged_account_oauth_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  game_slug text NOT NULL REFERENCES games (slug) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('public', 'confidential')),
  secret_hash text,
  redirect_uris text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_clients_game_slug_idx ON oauth_clients (game_slug);

CREATE TABLE feature_flags (
  name text PRIMARY KEY,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE platform_settings (
  platform text PRIMARY KEY,
  global_support_enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE environments (
  name text PRIMARY KEY,
  api_key text NOT NULL,
  color text NOT NULL,
  service text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  session_id text NOT NULL,
  dedupe_index integer NOT NULL,
  name text NOT NULL,
  platform_name text NOT NULL,
  event_time timestamptz NOT NULL,
  body jsonb NOT NULL,
  visitor_id text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  game_referrer text,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, dedupe_index)
);
CREATE INDEX analytics_events_received_at_idx ON analytics_events (received_at);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  locale text NOT NULL,
  template text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  code text,
  link text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX mail_outbox_to_created_idx ON mail_outbox (lower(to_address), created_at DESC);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at);
