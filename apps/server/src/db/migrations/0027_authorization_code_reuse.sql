-- A second use of an authorization code marks it (issue 19): the first use, which may still be
-- writing its tokens, looks at the mark after it has written them and ends its sign-in when set.
ALTER TABLE authorization_codes ADD COLUMN reused_at timestamptz;
