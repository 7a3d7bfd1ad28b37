-- A platform whose sign-in a player should end after connecting it on a shared computer (issue 15):
-- the connection flow then offers the platform's own sign-out page (OpenID Connect RP-initiated
-- logout, or an operator's explicit endpoint).
ALTER TABLE platform_configs ADD COLUMN sign_out_after_link boolean NOT NULL DEFAULT false;
