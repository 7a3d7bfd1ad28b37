-- Where and how each sign-in (a refresh-token family) started and was last used (issue 31), for the
-- player's "signed-in devices" on /security: the client address and User-Agent of its first request
-- and of its last refresh. `flow` is how it began: 'portal' (the web app), 'game' (a game's
-- authorization code or platform sign-in), 'device' (a device code). Written in the statement that
-- issues the sign-in's first pair and updated in the one that rotates it (sessions/repo.ts); no
-- trigger announces it (nothing cached reads it). The sweep deletes a row once its sessions are gone;
-- a deleted account's go with it.
CREATE TABLE sign_ins (
  family_id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  client_id text,
  flow text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  last_ip text
);
CREATE INDEX sign_ins_account_id_idx ON sign_ins (account_id);
-- The sweep's.
CREATE INDEX sign_ins_last_used_at_idx ON sign_ins (last_used_at);

-- What each game (OAuth client) was granted by a player (issue 31, "connected games"): written when
-- a game redeems an authorization code or a device code, so the list is what was granted, not what a
-- game's progress suggests. `scope` is the union of what was granted; revoking a grant ends every
-- sign-in of the account that client holds, and a later authorization grants again. A deleted
-- account's grants, and a removed client's, go with them.
CREATE TABLE oauth_grants (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  scope text,
  flow text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  last_granted_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  PRIMARY KEY (account_id, client_id)
);
