-- Where registrations came from (issue 30, registration risk flags): one row per registration, for
-- the RISK_WINDOW_MINUTES rule that flags the registrations of a client address (IPv4, or IPv6 /64)
-- or a visitor id beyond RISK_REGISTRATIONS_PER_ADDRESS / _PER_VISITOR in the window. Neither is
-- stored as it is: each is an HMAC-SHA256 under a key derived from MFA_SECRET_KEY (modules/risk), null
-- when its rule is off or the request had none. Times come from the service's clock, and the sweep
-- deletes a row once it is older than the window (jobs/sweep-statements.ts).
CREATE TABLE registration_sources (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  address_hash text,
  visitor_hash text,
  created_at timestamptz NOT NULL
);
-- The two counts of a registration, each an index range: one key, the window's times.
CREATE INDEX registration_sources_address_idx ON registration_sources (address_hash, created_at);
CREATE INDEX registration_sources_visitor_idx ON registration_sources (visitor_hash, created_at);
-- The sweep's.
CREATE INDEX registration_sources_created_at_idx ON registration_sources (created_at);
