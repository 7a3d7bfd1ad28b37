-- Bans and blocks (issue 30, ADR 032). Each row is one restriction an operator put on an account:
-- a ban (of the whole account, or of one game) or a block (a hold that is not a punishment), with
-- its reason code, a note for the player, when it starts and ends (null: no end), who set it and why,
-- and, once lifted by an operator, who lifted it and why. Rows are kept: they are the account's
-- moderation history. A restriction is in force from starts_at until ends_at unless lifted; one that
-- ran out is closed (lifted_by 'expired') when the next restriction of its kind and scope is set.
CREATE TABLE account_restrictions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ban', 'block')),
  game_slug text,
  reason text NOT NULL,
  note text,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  created_by text NOT NULL,
  created_why text,
  created_at timestamptz NOT NULL DEFAULT now(),
  lifted_at timestamptz,
  lifted_by text,
  lifted_why text,
  CHECK (kind = 'ban' OR game_slug IS NULL),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
-- At most one open restriction per account, kind and scope; the refresh statement (sessions repo)
-- finds an account's open ones through it.
CREATE UNIQUE INDEX account_restrictions_open_idx
  ON account_restrictions (account_id, kind, COALESCE(game_slug, ''))
  WHERE lifted_at IS NULL;

-- The account row carries its open restrictions (accounts.restrictions), kept by this trigger like
-- platform_links (0017): every reader of an account (each way in, the signed-in cache of ADR 017) has
-- them without another query, and the account's update announces the change on `account_changed`
-- (0016), so every instance drops what it kept of the account at once.
ALTER TABLE accounts ADD COLUMN restrictions jsonb NOT NULL DEFAULT '[]';

CREATE FUNCTION account_open_restrictions(target uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(jsonb_agg(jsonb_build_object(
    'id', id,
    'kind', kind,
    'game', game_slug,
    'reason', reason,
    'note', note,
    'startsAt', starts_at,
    'endsAt', ends_at
  ) ORDER BY starts_at, id), '[]'::jsonb)
  FROM account_restrictions WHERE account_id = target AND lifted_at IS NULL
$$;

CREATE FUNCTION refresh_account_restrictions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE accounts SET restrictions = account_open_restrictions(OLD.account_id) WHERE id = OLD.account_id;
  ELSE
    UPDATE accounts SET restrictions = account_open_restrictions(NEW.account_id) WHERE id = NEW.account_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER account_restrictions_changed AFTER INSERT OR UPDATE OR DELETE ON account_restrictions
  FOR EACH ROW EXECUTE FUNCTION refresh_account_restrictions();

-- What an operator did to an account, in the audit trail: who (never shown to the player), the
-- reason they gave, and the game of a ban of one game.
ALTER TABLE audit_events ADD COLUMN operator text;
ALTER TABLE audit_events ADD COLUMN detail text;
ALTER TABLE audit_events ADD COLUMN game_slug text;
