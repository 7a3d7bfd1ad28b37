-- One-time codes mailed to an address (registration, sign-in, verification, deletion).
CREATE TABLE email_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'verify_email', 'delete_account')),
  email text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX email_codes_lookup_idx ON email_codes (purpose, lower(email), created_at DESC);
