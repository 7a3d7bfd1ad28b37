-- A refresh token belongs to its account through its session: refresh_tokens.session_id references
-- sessions (ON DELETE CASCADE) and sessions.account_id references accounts (ON DELETE CASCADE), so
-- deleting an account still deletes its refresh tokens. The direct foreign key on account_id checked
-- and locked the account row a second time on every sign-in and refresh; account_id stays as a
-- column (revoking every sign-in of an account reads it).
ALTER TABLE refresh_tokens DROP CONSTRAINT IF EXISTS refresh_tokens_account_id_fkey;
