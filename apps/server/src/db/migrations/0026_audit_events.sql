-- The security events of each account (issue 19, ADR 027): sign-ins by method and device, failures,
-- lockouts, password and address changes, two-factor on and off, platform links, consolidation and
-- deletion. Read by operators (`npm run admin -- audit <email|account id>`) and shown to the player
-- as recent activity; the sweep deletes them after AUDIT_RETENTION_DAYS. No foreign key: the events
-- of a deleted account stay for the operators until their retention ends.
CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id uuid NOT NULL,
  type text NOT NULL,
  method text,
  ip text,
  user_agent text,
  client_id text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_events_account_idx ON audit_events (account_id, created_at DESC);
CREATE INDEX audit_events_created_at_idx ON audit_events (created_at);
