-- How many backup codes are left unused, kept with the account so reading it costs no query.
ALTER TABLE accounts ADD COLUMN mfa_backup_codes_left integer NOT NULL DEFAULT 0;

-- A deleted account leaves only this: no email, name, date of birth or anything else about the
-- player (docs/decisions/009-account-settings.md says what is kept and why).
CREATE TABLE deleted_accounts (
  account_id uuid PRIMARY KEY,
  deleted_at timestamptz NOT NULL DEFAULT now()
);

-- The avatars a player may pick (the demo seed ships a set); images are /avatars/<slug>.png.
CREATE TABLE avatars (
  slug text PRIMARY KEY,
  position integer NOT NULL DEFAULT 0
);
