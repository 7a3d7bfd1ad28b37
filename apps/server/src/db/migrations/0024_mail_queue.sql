-- The mail queue (issue 19, ADR 025): every mail is a row written before the answer that says it was
-- sent; a worker on each instance delivers due rows (FOR UPDATE SKIP LOCKED, so one instance takes
-- each), retries failures with backoff and gives up after MAIL_MAX_ATTEMPTS. `payload` is the mail
-- request (address, template, data with its code or link) sealed with the server's secret box; it is
-- cleared once the mail is sent. The sweep deletes finished rows after MAIL_RETENTION_DAYS.
CREATE TABLE mail_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  template text NOT NULL,
  payload text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz,
  failed_at timestamptz
);
-- What a worker takes next: rows neither sent nor given up, by when they are due.
CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
-- What the sweep deletes: finished rows by when they finished.
CREATE INDEX mail_queue_finished ON mail_queue ((coalesce(sent_at, failed_at))) WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;
