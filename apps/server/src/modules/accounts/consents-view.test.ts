// The account view is kept per row (GET /accounts/me answers the same frozen object, encoded once)
// while what it derives from the clock and the published documents stays the same.
import { USERNAME_CHANGE_INTERVAL_DAYS } from '@portal/contract/data/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from './account.ts';
import { ConsentsService } from './consents-service.ts';
import type { AccountsRepo, PublishedDocument } from './repo.ts';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-24T12:00:00Z');

function row(overrides: Partial<Account> = {}): Account {
  return {
    id: '2f1c7a52-9d1e-4f7a-8a3c-1b2c3d4e5f60',
    publicId: 'AG1234567890',
    email: 'player@example.com',
    emailPending: null,
    emailVerified: true,
    username: 'Player',
    usernameUpdatedAt: null,
    usernameChanges: 0,
    dateOfBirth: '1990-01-01',
    country: 'US',
    territory: null,
    locale: 'en-US',
    passwordHash: 'hash',
    passwordResetAt: null,
    stub: false,
    completed: true,
    registrationFlagged: false,
    marketingOptIn: false,
    avatarSlug: null,
    friendRequestEmails: true,
    findableByEmail: false,
    findableByUsername: true,
    friendCount: 0,
    failedSignIns: 0,
    lockedAt: null,
    createdAt: new Date(NOW - 100 * DAY_MS),
    updatedAt: new Date(NOW - DAY_MS),
    tosVersion: 1,
    privacyPolicyVersion: 1,
    mfaSecret: null,
    mfaPendingSecret: null,
    mfaLastStep: null,
    mfaGeneratedAt: null,
    mfaBackupCodesLeft: 0,
    platformLinks: {},
    restrictions: [],
    ...overrides,
  };
}

function service(documents: PublishedDocument[]) {
  const repo = { publishedDocuments: async () => documents } as unknown as AccountsRepo;
  return new ConsentsService(repo);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConsentsService.view', () => {
  it('answers the same frozen view for the same row', async () => {
    const consents = service([{ type: 'tos', version: 1, publishedAt: 0 }]);
    const account = row();
    const first = await consents.view(account);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.avatar)).toBe(true);
    expect(await consents.view(account)).toBe(first);
    // Another row (a changed account) has a view of its own.
    const changed = await consents.view({ ...account, username: 'Renamed' });
    expect(changed).not.toBe(first);
    expect(changed.username).toBe('Renamed');
  });

  it('makes a new view when the published documents ask for consent again', async () => {
    const documents: PublishedDocument[] = [{ type: 'tos', version: 1, publishedAt: 0 }];
    const consents = service(documents);
    const account = row();
    const before = await consents.view(account);
    expect(before.tos_consent_required).toBe(false);
    // The kept list is read again at each view, so a version added to it is current at once.
    documents.push({ type: 'tos', version: 2, publishedAt: 0 });
    const after = await consents.view(account);
    expect(after.tos_consent_required).toBe(true);
    expect(after).not.toBe(before);
  });

  it('makes a new view when the username may be changed again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const consents = service([]);
    const account = row({
      usernameUpdatedAt: new Date(NOW - USERNAME_CHANGE_INTERVAL_DAYS * DAY_MS + 60_000),
      usernameChanges: 2,
    });
    const before = await consents.view(account);
    expect(before.can_change_username).toBe(false);
    vi.setSystemTime(NOW + 120_000);
    const after = await consents.view(account);
    expect(after.can_change_username).toBe(true);
    expect(after).not.toBe(before);
  });
});
