-- Friends and blocking (issue 17, ADR 022).
--
-- Whether other players can find an account in the friends search: by exact email (off by default)
-- and by exact display name (on by default); the player chooses on /account.
ALTER TABLE accounts
  ADD COLUMN findable_by_email boolean NOT NULL DEFAULT false,
  ADD COLUMN findable_by_username boolean NOT NULL DEFAULT true;

-- One row per friendship, the smaller account id first: a friendship is symmetric by construction
-- (there is no half of one to lose), and two players who accept at once end as one row.
CREATE TABLE friendships (
  account_low uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  account_high uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_low, account_high),
  CHECK (account_low < account_high)
);
-- The friends of an account are the rows with it on either side, newest first.
CREATE INDEX friendships_low_created ON friendships (account_low, created_at DESC);
CREATE INDEX friendships_high_created ON friendships (account_high, created_at DESC);

-- Friend invitations: open, then accepted, declined (by the receiver) or cancelled (by the sender,
-- or by a block). At most one open invitation per pair of players, either way.
CREATE TABLE friend_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  from_account uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  to_account uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'declined', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK (from_account <> to_account)
);
CREATE UNIQUE INDEX friend_invitations_open_pair
  ON friend_invitations (LEAST(from_account, to_account), GREATEST(from_account, to_account))
  WHERE state = 'open';
CREATE INDEX friend_invitations_to ON friend_invitations (to_account, state, created_at DESC);
CREATE INDEX friend_invitations_from ON friend_invitations (from_account, state, created_at DESC);

-- Blocks, one way: the blocker chose it; the blocked player is never told.
CREATE TABLE blocks (
  blocker uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  blocked uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker, blocked),
  CHECK (blocker <> blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);

-- The headers a mail carries beyond the usual ones (List-Unsubscribe of friend-request mails), kept
-- in the development outbox as sent.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}';
