-- Two-factor's second step differs from the first (issue 28, ADR 029). A session remembers how its
-- sign-in's first step was made (first_factor: password, email_code, recovery, platform; null for a
-- refresh of an older session) and how the player last proved themselves in it (verified_by:
-- email_code, mfa_code, password). An account remembers when a mailed reset link last set its
-- password (null once the player changes it signed in): such a password came through the mailbox.
-- A link token remembers when it was used (consumed_at is also set when a newer link replaces it).
ALTER TABLE sessions ADD COLUMN first_factor text;
ALTER TABLE sessions ADD COLUMN verified_by text;
ALTER TABLE accounts ADD COLUMN password_reset_at timestamptz;
ALTER TABLE link_tokens ADD COLUMN used_at timestamptz;
