// What the sweep deletes (ADR 026), table by table: each statement deletes at most $1 rows (a batch)
// found through an index by time, so a batch is short and never holds many locks. $2 is the table's
// retention, in the unit its name gives. One-time secrets are kept a day past their expiry, so that a
// late attempt still hears "expired" rather than "never sent".

export interface SweepRetention {
  /** Rotated refresh tokens (and their sessions) are kept this long to detect a reused one. */
  refreshReuseHours: number;
  mailDays: number;
  analyticsDays: number;
  auditDays: number;
  /** Where registrations came from is kept only for the registration risk window (RISK_WINDOW_MINUTES). */
  registrationWindowMinutes: number;
}

export interface SweepStatement {
  /** The table (and what of it), as the sweep reports it. */
  name: string;
  sql: string;
  retention?: (retention: SweepRetention) => number;
}

/** One-time secrets of a table: deleted a day after `expires_at`, whether used or not. */
const expiredADayAgo = (table: string): SweepStatement => ({
  name: table,
  sql: `DELETE FROM ${table} WHERE id IN (
          SELECT id FROM ${table} WHERE expires_at < now() - interval '1 day' LIMIT $1)`,
});

export const SWEEP_STATEMENTS: readonly SweepStatement[] = [
  {
    // Ended sessions: a session whose access token has expired goes once its sign-in (refresh-token
    // family) is over (expired, revoked or signed out), or once it was rotated away (a refresh
    // replaced it) longer ago than reuse detection needs. Its refresh token goes with it (cascade).
    name: 'sessions',
    sql: `DELETE FROM sessions WHERE id IN (
            SELECT s.id FROM sessions s
             WHERE s.access_expires_at < now()
               AND (s.revoked_at < now() - $2 * interval '1 hour'
                    OR NOT EXISTS (SELECT 1 FROM refresh_tokens r
                                    WHERE r.family_id = s.family_id AND r.used_at IS NULL
                                      AND r.revoked_at IS NULL AND r.family_expires_at > now()))
             LIMIT $1)`,
    retention: (r) => r.refreshReuseHours,
  },
  {
    // Where a sign-in came from (sign_ins, migration 0032) goes once its sessions are gone: none of a
    // live sign-in is ever deleted, so a row without sessions is over.
    name: 'sign_ins',
    sql: `DELETE FROM sign_ins WHERE family_id IN (
            SELECT si.family_id FROM sign_ins si
             WHERE si.last_used_at < now() - $2 * interval '1 hour'
               AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.family_id = si.family_id)
             LIMIT $1)`,
    retention: (r) => r.refreshReuseHours,
  },
  expiredADayAgo('email_codes'),
  expiredADayAgo('link_tokens'),
  expiredADayAgo('authorization_codes'),
  // Passkey challenges (migration 0034), used or not.
  expiredADayAgo('webauthn_challenges'),
  // Device authorizations: approved, redeemed, denied or not, gone a day after they expired.
  expiredADayAgo('device_authorizations'),
  {
    // Operators' sessions (migration 0036) past their end; a few per operator, so no index of its own.
    name: 'operator_sessions',
    sql: `DELETE FROM operator_sessions WHERE token_hash IN (
            SELECT token_hash FROM operator_sessions WHERE expires_at < now() LIMIT $1)`,
  },
  {
    name: 'rate_limits',
    sql: `DELETE FROM rate_limits WHERE key IN (
            SELECT key FROM rate_limits WHERE expires_at < clock_timestamp() LIMIT $1)`,
  },
  {
    name: 'mail_queue',
    sql: `DELETE FROM mail_queue WHERE id IN (
            SELECT id FROM mail_queue
             WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL)
               AND coalesce(sent_at, failed_at) < now() - $2 * interval '1 day' LIMIT $1)`,
    retention: (r) => r.mailDays,
  },
  {
    name: 'mail_outbox',
    sql: `DELETE FROM mail_outbox WHERE id IN (
            SELECT id FROM mail_outbox WHERE created_at < now() - $2 * interval '1 day' LIMIT $1)`,
    retention: (r) => r.mailDays,
  },
  {
    name: 'analytics_events',
    sql: `DELETE FROM analytics_events WHERE id IN (
            SELECT id FROM analytics_events WHERE received_at < now() - $2 * interval '1 day' LIMIT $1)`,
    retention: (r) => r.analyticsDays,
  },
  {
    name: 'audit_events',
    sql: `DELETE FROM audit_events WHERE id IN (
            SELECT id FROM audit_events WHERE created_at < now() - $2 * interval '1 day' LIMIT $1)`,
    retention: (r) => r.auditDays,
  },
  {
    // Where registrations came from (keyed hashes): needed for the registration risk window only.
    name: 'registration_sources',
    sql: `DELETE FROM registration_sources WHERE id IN (
            SELECT id FROM registration_sources WHERE created_at < now() - $2 * interval '1 minute' LIMIT $1)`,
    retention: (r) => r.registrationWindowMinutes,
  },
];
