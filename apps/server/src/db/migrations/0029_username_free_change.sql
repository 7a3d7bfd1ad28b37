-- The first display-name change of an account is free (issue 28): it does not start the 30-day wait,
-- the ones after it do. An account counts its changes; one renamed before this counts one, so that
-- its next change starts the wait (its first one, often the name picked at sign-up, is free now).
ALTER TABLE accounts ADD COLUMN username_changes integer NOT NULL DEFAULT 0;
UPDATE accounts SET username_changes = 1 WHERE username_updated_at IS NOT NULL;
