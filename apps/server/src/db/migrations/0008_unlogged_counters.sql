-- Rate-limit counters are short-lived and need not survive a crash: an unlogged table skips the
-- write-ahead log, so counting a request no longer costs a WAL flush on every call.
ALTER TABLE rate_limits SET UNLOGGED;
