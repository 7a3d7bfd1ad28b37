import { SECURITY_EVENT_TYPES } from '@portal/contract/calls/accounts-activity';
import type { SecurityEvent } from '@portal/contract/calls/accounts-activity';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  activityIcon,
  activityLabel,
  activityTime,
  deviceText,
  isWarning,
  OPERATOR_EVENTS,
  platformDisplayName,
} from './recent-activity.ts';
import { BAN_REASONS, BLOCK_REASONS } from '@portal/contract/data/moderation';

const event = (type: SecurityEvent['type'], method: string | null = null, client_name: string | null = null) => ({
  type,
  method,
  client_name,
});

const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en-US/flows.json'), 'utf8')) as Record<
  string,
  string
>;

describe('activity labels', () => {
  it('say how a sign-in happened', () => {
    expect(activityLabel(event('sign_in', 'password'))).toEqual({ key: 'security.activity.signInPassword' });
    expect(activityLabel(event('sign_in', 'email_code'))).toEqual({ key: 'security.activity.signInEmailCode' });
    expect(activityLabel(event('sign_in', 'game', 'Ashen Crown'))).toEqual({
      key: 'security.activity.signInGame',
      values: { game: 'Ashen Crown' },
    });
    expect(activityLabel(event('sign_in', 'device', 'Ashen Crown'))).toEqual({
      key: 'security.activity.signInDevice',
      values: { game: 'Ashen Crown' },
    });
  });

  it('name the second step that finished a two-factor sign-in (issue 28)', () => {
    expect(activityLabel(event('sign_in', 'authenticator'))).toEqual({
      key: 'security.activity.signInAuthenticator',
    });
    expect(activityLabel(event('sign_in', 'backup_code'))).toEqual({ key: 'security.activity.signInBackupCode' });
    expect(english['security.activity.signInAuthenticator']).toBe('Signed in with an authenticator code');
    expect(english['security.activity.signInBackupCode']).toBe('Signed in with a backup code');
  });

  it('tell an email change asked for from one done (issue 28)', () => {
    expect(activityLabel(event('email_changed', 'requested'))).toEqual({ key: 'security.activity.emailChanged' });
    // Recorded before issue 28: the request, without a method.
    expect(activityLabel(event('email_changed'))).toEqual({ key: 'security.activity.emailChanged' });
    expect(activityLabel(event('email_changed', 'verified'))).toEqual({
      key: 'security.activity.emailChangeVerified',
    });
    expect(english['security.activity.emailChangeVerified']).toBe('Email address changed');
  });

  it('name the game only when the server knows it', () => {
    expect(activityLabel(event('sign_in', 'game'))).toEqual({ key: 'security.activity.signInAGame' });
    expect(activityLabel(event('sign_in', 'device'))).toEqual({ key: 'security.activity.signInAGame' });
  });

  it('name the platform of a platform sign-in, link or unlink', () => {
    expect(activityLabel(event('sign_in', 'psn'))).toEqual({
      key: 'security.activity.signInPlatform',
      values: { platform: 'PlayStation Network' },
    });
    expect(activityLabel(event('platform_linked', 'epic_games'))).toEqual({
      key: 'security.activity.platformLinked',
      values: { platform: 'Epic Games' },
    });
    expect(activityLabel(event('platform_unlinked', 'xbox'))).toEqual({
      key: 'security.activity.platformUnlinked',
      values: { platform: 'Xbox' },
    });
    expect(activityLabel(event('platform_linked'))).toEqual({ key: 'security.activity.platformLinkedAny' });
    expect(activityLabel(event('platform_unlinked'))).toEqual({ key: 'security.activity.platformUnlinkedAny' });
  });

  it('fall back to a plain sign-in, or the id as sent, for what they do not know', () => {
    expect(activityLabel(event('sign_in'))).toEqual({ key: 'security.activity.signIn' });
    expect(activityLabel(event('sign_in', 'platform'))).toEqual({ key: 'security.activity.signIn' });
    expect(activityLabel(event('sign_in', 'arcade_cabinet'))).toEqual({
      key: 'security.activity.signInPlatform',
      values: { platform: 'arcade_cabinet' },
    });
    expect(platformDisplayName('epic-games')).toBe('Epic Games');
  });

  it('tell a password reset from a change in the settings', () => {
    expect(activityLabel(event('password_changed'))).toEqual({ key: 'security.activity.passwordChanged' });
    expect(activityLabel(event('password_changed', 'recovery'))).toEqual({ key: 'security.activity.passwordReset' });
  });

  it('have an English message for every event type', () => {
    for (const type of SECURITY_EVENT_TYPES) {
      const label = activityLabel(event(type, type === 'sign_in' ? 'password' : null));
      expect(english[label.key], type).toBeTruthy();
      const withReason = activityLabel(event(type, 'cheating', 'Starfall Legends'));
      expect(english[withReason.key], type).toBeTruthy();
    }
    expect(activityLabel(event('sign_in_failed', 'password')).key).toBe('security.activity.signInFailed');
    expect(activityLabel(event('account_locked', 'password')).key).toBe('security.activity.accountLocked');
    expect(activityLabel(event('mfa_enabled')).key).toBe('security.activity.mfaEnabled');
    expect(activityLabel(event('mfa_disabled')).key).toBe('security.activity.mfaDisabled');
    expect(activityLabel(event('email_changed')).key).toBe('security.activity.emailChanged');
    expect(activityLabel(event('account_consolidated')).key).toBe('security.activity.accountConsolidated');
    expect(activityLabel(event('account_deleted')).key).toBe('security.activity.accountDeleted');
  });
});

describe("support's actions (issue 30)", () => {
  it("name the reason of a ban of the account or of one game, in the player's language", () => {
    expect(activityLabel(event('account_banned', 'cheating'))).toEqual({
      key: 'security.activity.accountBanned',
      messages: { reason: 'restriction.reason.cheating' },
    });
    expect(activityLabel(event('account_banned', 'cheating', 'Starfall Legends'))).toEqual({
      key: 'security.activity.gameBanned',
      values: { game: 'Starfall Legends' },
      messages: { reason: 'restriction.reason.cheating' },
    });
    expect(activityLabel(event('account_blocked', 'suspected_takeover'))).toEqual({
      key: 'security.activity.accountBlocked',
      messages: { reason: 'restriction.reason.suspected_takeover' },
    });
    expect(english['security.activity.accountBanned']).toBe('Account suspended: {{reason}}');
    expect(english['security.activity.gameBanned']).toBe('Banned from {{game}}: {{reason}}');
    expect(english['restriction.reason.cheating']).toBe('Cheating');
  });

  it('leave out a reason they do not know, rather than show its code', () => {
    expect(activityLabel(event('account_banned', 'space_piracy'))).toEqual({
      key: 'security.activity.accountBannedPlain',
    });
    expect(activityLabel(event('account_banned', null, 'Starfall Legends'))).toEqual({
      key: 'security.activity.gameBannedPlain',
      values: { game: 'Starfall Legends' },
    });
    expect(activityLabel(event('account_blocked'))).toEqual({ key: 'security.activity.accountBlockedPlain' });
  });

  it('say when a ban or hold is lifted, and when support ended every sign-in', () => {
    expect(activityLabel(event('account_unbanned', 'cheating'))).toEqual({ key: 'security.activity.accountUnbanned' });
    expect(activityLabel(event('account_unbanned', 'cheating', 'Starfall Legends'))).toEqual({
      key: 'security.activity.gameUnbanned',
      values: { game: 'Starfall Legends' },
    });
    expect(activityLabel(event('account_unblocked', 'legal_hold'))).toEqual({
      key: 'security.activity.accountUnblocked',
    });
    expect(activityLabel(event('signed_out_everywhere'))).toEqual({ key: 'security.activity.signedOutEverywhere' });
    expect(english['security.activity.accountUnbanned']).toBe('Ban lifted');
    expect(english['security.activity.accountUnblocked']).toBe('Hold lifted');
    expect(english['security.activity.signedOutEverywhere']).toBe('Signed out everywhere by support');
  });

  it('have a message for every reason code of a ban or a hold', () => {
    for (const code of [...BAN_REASONS, ...BLOCK_REASONS]) {
      const type = (BLOCK_REASONS as readonly string[]).includes(code) ? 'account_blocked' : 'account_banned';
      const label = activityLabel(event(type, code));
      expect(label.messages?.reason, code).toBe(`restriction.reason.${code}`);
      expect(english[`restriction.reason.${code}`], code).toBeTruthy();
    }
  });

  it("mark a ban and a hold as warnings with their own sign, the rest as the team's", () => {
    expect(activityIcon('account_banned')).toBe('restriction');
    expect(activityIcon('account_blocked')).toBe('restriction');
    expect(activityIcon('account_unbanned')).toBe('shield');
    expect(activityIcon('account_unblocked')).toBe('shield');
    expect(activityIcon('signed_out_everywhere')).toBe('sign-out');
    expect(OPERATOR_EVENTS).toEqual([
      'account_banned',
      'account_unbanned',
      'account_blocked',
      'account_unblocked',
      'signed_out_everywhere',
    ]);
    expect(english['security.activity.byTeam']).toBe('By our support team');
  });
});

describe('warnings and icons', () => {
  it('mark failed sign-ins, locks, bans and holds, and nothing else', () => {
    expect(SECURITY_EVENT_TYPES.filter(isWarning)).toEqual([
      'sign_in_failed',
      'account_locked',
      'account_banned',
      'account_blocked',
    ]);
    expect(activityIcon('sign_in_failed')).toBe('warning');
    expect(activityIcon('account_locked')).toBe('warning');
  });

  it('give each other kind of event its icon', () => {
    expect(activityIcon('sign_in')).toBe('sign-in');
    expect(activityIcon('password_changed')).toBe('shield');
    expect(activityIcon('mfa_enabled')).toBe('shield');
    expect(activityIcon('email_changed')).toBe('shield');
    expect(activityIcon('platform_linked')).toBe('link');
    expect(activityIcon('platform_unlinked')).toBe('link');
    expect(activityIcon('account_consolidated')).toBe('account');
  });
});

describe('device text', () => {
  it('joins the browser and the system, leaving out what is unknown', () => {
    expect(deviceText('Chrome', 'Linux')).toBe('Chrome · Linux');
    expect(deviceText('Firefox', null)).toBe('Firefox');
    expect(deviceText(null, 'Windows')).toBe('Windows');
    expect(deviceText(null, null)).toBeNull();
    expect(deviceText(' ', '')).toBeNull();
  });
});

describe('activity time', () => {
  const date = new Date(2026, 2, 9, 15, 4);

  it('shows the date in the locale pattern and the time of day in its style', () => {
    // ICU puts a normal or a narrow no-break space before PM, depending on its version.
    expect(activityTime(date, 'en-US')).toEqual({ date: '03/09/2026', time: expect.stringMatching(/^3:04\sPM$/) });
    expect(activityTime(date, 'de-DE')).toEqual({ date: '09.03.2026', time: '15:04' });
    expect(activityTime(date, 'ja-JP')).toEqual({ date: '2026/03/09', time: '15:04' });
  });

  it('keeps the time in Arabic', () => {
    const { date: day, time } = activityTime(date, 'ar-AE');
    expect(day).toBe('09/03/2026');
    expect(time).toMatch(/4/);
  });
});
