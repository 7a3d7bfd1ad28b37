-- Each account's number of friends, kept on its row (issue 17, ADR 022): the friends list answers its
-- total, and the limits check it, without counting the pair index. A trigger on friendships keeps it
-- for every path: a friendship made or ended, and the friendships an account deletion cascades (the
-- deleted account's own row is gone by then, so only the friend's count changes).
ALTER TABLE accounts ADD COLUMN friend_count integer NOT NULL DEFAULT 0;

UPDATE accounts a SET friend_count = c.n
FROM (
  SELECT id, count(*) AS n FROM (
    SELECT account_low AS id FROM friendships UNION ALL SELECT account_high AS id FROM friendships
  ) AS sides GROUP BY id
) AS c
WHERE a.id = c.id;

CREATE FUNCTION friendships_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts SET friend_count = friend_count + 1 WHERE id IN (NEW.account_low, NEW.account_high);
    RETURN NEW;
  END IF;
  UPDATE accounts SET friend_count = friend_count - 1 WHERE id IN (OLD.account_low, OLD.account_high);
  RETURN OLD;
END;
$$;

CREATE TRIGGER friendships_count AFTER INSERT OR DELETE ON friendships
  FOR EACH ROW EXECUTE FUNCTION friendships_count();
