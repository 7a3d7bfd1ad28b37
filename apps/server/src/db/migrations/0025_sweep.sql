-- What the sweep (jobs/sweep.ts, ADR 026) finds by time, so that each of its batches reads an index
-- range instead of the whole table.
CREATE INDEX sessions_access_expires_at_idx ON sessions (access_expires_at);
CREATE INDEX email_codes_expires_at_idx ON email_codes (expires_at);
CREATE INDEX link_tokens_expires_at_idx ON link_tokens (expires_at);
CREATE INDEX mail_outbox_created_at_idx ON mail_outbox (created_at);
