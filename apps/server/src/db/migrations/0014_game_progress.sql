-- A player's progress in a game, as the game records it (PUT /accounts/me/game_progress/{game} with
-- the game's own access token): one row per account and game. all_platforms keeps each platform once,
-- in the order the player first played on it; game_details holds text, number and boolean values.
-- game_slug is not a foreign key: progress outlives a game an operator removes (its config is null).
CREATE TABLE game_progress (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  game_slug text NOT NULL,
  last_seen_platform text,
  all_platforms text[] NOT NULL DEFAULT '{}',
  game_details jsonb NOT NULL DEFAULT '{}',
  last_game_login timestamptz,
  last_accessed timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, game_slug)
);
