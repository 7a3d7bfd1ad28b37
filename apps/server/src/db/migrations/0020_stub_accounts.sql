-- Platform-first (stub) accounts and their consolidation (issue 16, ADR 021).
--
-- A passwordless device authorization is started by a game signed in as a stub account: it names
-- that stub (source_account_id), and the first browser that types its code gets a session of the
-- stub (stub_claimed_at) to consolidate or complete it. When the stub is consolidated or completed,
-- the same transaction approves the authorization for the resulting account; a stub removed
-- otherwise leaves the authorization without a source (it can no longer be claimed).
ALTER TABLE device_authorizations
  ADD COLUMN source_account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  ADD COLUMN stub_claimed_at timestamptz;
CREATE INDEX device_authorizations_source ON device_authorizations (source_account_id)
  WHERE source_account_id IS NOT NULL;

-- A game's operator may refuse that its players' stub saves move into another account (error 1400).
ALTER TABLE games ADD COLUMN allow_consolidation boolean NOT NULL DEFAULT true;

-- The sweep (issue 19) removes stubs nobody touched for STUB_IDLE_DAYS: this index finds them.
CREATE INDEX accounts_stub_updated_at ON accounts (updated_at) WHERE stub;

-- Every consolidation, for the full account's owner (the notice mail) and for support: which stub,
-- which platforms moved and which save was kept where both accounts had one.
CREATE TABLE consolidations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  stub_account_id uuid NOT NULL,
  platforms text[] NOT NULL DEFAULT '{}',
  games jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consolidations_account ON consolidations (account_id, created_at);
