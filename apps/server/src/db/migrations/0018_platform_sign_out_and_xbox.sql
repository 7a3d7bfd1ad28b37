-- Platforms, follow-ups of issue 15. A platform whose sign-in a player should end after connecting it on a shared computer:
-- the connection flow then offers the platform's own sign-out page (OpenID Connect RP-initiated
-- logout, or an operator's explicit endpoint).
ALTER TABLE platform_configs ADD COLUMN sign_out_after_link boolean NOT NULL DEFAULT false;

-- Xbox: a Microsoft account's authorization code, then the Xbox Live user token and the XSTS token
-- (ADR 020), a protocol of its own.
ALTER TABLE platform_configs DROP CONSTRAINT platform_configs_protocol_check;
ALTER TABLE platform_configs ADD CONSTRAINT platform_configs_protocol_check
  CHECK (protocol IN ('oidc', 'oauth2', 'xbox_xsts', 'steam_openid', 'short_code'));
