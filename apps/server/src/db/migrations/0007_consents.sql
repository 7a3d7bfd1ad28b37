-- Versioned legal documents and each account's consents. Publishing a new version (a row with a
-- higher version) makes every account that has not consented to it "consent required".
CREATE TABLE legal_documents (
  type text NOT NULL CHECK (type IN ('tos', 'privacy_policy')),
  version integer NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (type, version)
);
INSERT INTO legal_documents (type, version) VALUES ('tos', 1), ('privacy_policy', 1);

CREATE TABLE consents (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('tos', 'privacy_policy')),
  version integer NOT NULL,
  consented_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, type, version)
);
