-- Every change of an account or of one of its sessions is announced on the channel
-- `account_changed` with the account's id (ADR 017): each instance keeps the session and account of
-- recent access tokens in memory and drops them when told. Triggers catch every writer: any module,
-- the admin command line, plain SQL. A new session needs no notice (nothing cached it yet); an update
-- that changes nothing sends none; TRUNCATE sends `*` (every account). Notifications are sent when the transaction commits, in commit
-- order, and not at all when it rolls back.
CREATE FUNCTION notify_account_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('account_changed', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('account_changed', OLD.account_id::text);
  ELSE
    PERFORM pg_notify('account_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER accounts_changed_update AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_account_changed();
CREATE TRIGGER accounts_changed_delete AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
CREATE TRIGGER sessions_changed_update AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_account_changed();
CREATE TRIGGER sessions_changed_delete AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
CREATE TRIGGER accounts_changed_truncate AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed();
CREATE TRIGGER sessions_changed_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_changed();
