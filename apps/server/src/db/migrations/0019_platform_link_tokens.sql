-- The platform's access token of a link, sealed (AES-256-GCM under MFA_SECRET_KEY), kept only for a
-- platform whose API the portal calls later for the player: Max's subscription (issue 15).
ALTER TABLE platform_links ADD COLUMN tokens_sealed text;
