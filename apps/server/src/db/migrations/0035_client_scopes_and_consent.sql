-- Scopes and consent per OAuth client (issue 32; ASVS 10.4.11, 10.7.1, 10.7.2). `allowed_scopes`
-- are the scopes the client may ask for: a known scope outside them is refused (invalid_scope).
-- `first_party` marks a game of the publisher's own, whose players are not asked to consent; any
-- other client shows the consent screen once per grant (oauth_grants), and again with
-- prompt=consent. New clients are third-party unless an operator says otherwise; the clients that
-- exist now were all added by the publisher for its own games, so they stay as they behaved.
ALTER TABLE oauth_clients
  ADD COLUMN allowed_scopes text[] NOT NULL DEFAULT '{openid,profile,email,offline_access}',
  ADD COLUMN first_party boolean NOT NULL DEFAULT false;
UPDATE oauth_clients SET first_party = true;
