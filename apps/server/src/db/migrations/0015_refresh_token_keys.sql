-- Refresh tokens keyed the way they are used (ADR 012):
-- * token_hash is the primary key (every lookup is by it); the id column was never read.
-- * A refresh token belongs to its account through its session: refresh_tokens.session_id references
--   sessions (ON DELETE CASCADE) and sessions.account_id references accounts (ON DELETE CASCADE), so
--   deleting an account still deletes its refresh tokens. The direct foreign key on account_id checked
--   and locked the account row a second time on every sign-in and refresh; account_id stays a column.
-- * session_id is indexed: deleting an account deletes its sessions, and each deleted session looked
--   for its refresh tokens by reading the whole table.
ALTER TABLE refresh_tokens DROP CONSTRAINT IF EXISTS refresh_tokens_account_id_fkey;
ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_pkey;
ALTER TABLE refresh_tokens DROP COLUMN id;
ALTER TABLE refresh_tokens DROP CONSTRAINT refresh_tokens_token_hash_key;
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token_hash);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
