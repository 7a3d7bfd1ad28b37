import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './password-hasher.ts';
import { passwordProblem } from './password-rules.ts';

/** The breached-password list the rules load (@zxcvbn-ts/language-common). */
const breached = (
  createRequire(import.meta.url)('@zxcvbn-ts/language-common') as { dictionary: Record<string, readonly string[]> }
).dictionary['passwords-common']!;

describe('password rules', () => {
  it('need 8 characters with upper, lower, digit and special', () => {
    expect(passwordProblem('Ab1!', null)).toBe('too_short');
    expect(passwordProblem('abcdefg1!', null)).toBe('missing_classes');
    expect(passwordProblem('ABCDEFG1!', null)).toBe('missing_classes');
    expect(passwordProblem('Abcdefgh!', null)).toBe('missing_classes');
    expect(passwordProblem('Abcdefgh1', null)).toBe('missing_classes');
    expect(passwordProblem('Tq8#vLp2', null)).toBeNull();
  });

  it('accept at least 64 characters and refuse over 256', () => {
    expect(passwordProblem(`Aa1!${'x'.repeat(60)}zQ`, null)).toBeNull();
    expect(passwordProblem(`Aa1!${'x'.repeat(300)}`, null)).toBe('too_long');
  });

  it('refuse the display name inside the password, in any case', () => {
    expect(passwordProblem('My-StarPilot-9', 'starpilot')).toBe('contains_display_name');
    expect(passwordProblem('Tq8#vLp2zz', 'starpilot')).toBeNull();
  });

  it('refuse common breached passwords, also with a capital and a trailing digit or symbol', () => {
    expect(breached.length).toBeGreaterThanOrEqual(10_000);
    // Every listed word long enough to dress up is refused once dressed up: the whole list is used.
    const words = breached.filter((p) => /^[a-z]{6,}$/.test(p));
    expect(words.length).toBeGreaterThanOrEqual(5_000);
    const dressed = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}1!`;
    expect(words.filter((word) => passwordProblem(dressed(word), null) !== 'common')).toEqual([]);
    expect(passwordProblem('Password1!', null)).toBe('common');
    expect(passwordProblem('Sunshine2024!', null)).toBe('common');
    expect(passwordProblem('Qwerty123!', null)).toBe('common');
  });
});

describe('argon2id hashing', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('Tq8#vLp2');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(stored, 'Tq8#vLp2')).toBe(true);
    expect(await verifyPassword(stored, 'tq8#vLp2')).toBe(false);
    expect(await verifyPassword('garbage', 'x')).toBe(false);
    expect(await verifyPassword(await decoyHash(), 'Tq8#vLp2')).toBe(false);
  });

  it('recognises hashes made with other parameters', async () => {
    expect(needsRehash(await hashPassword('Tq8#vLp2'))).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
  });
});
