// Which second steps may complete a sign-in pending two-factor (issue 28, ADR 029): a second step
// differs from the first, so the mailbox alone never passes two-factor. After a first step through
// the mailbox (an emailed sign-in code, a reset link's automatic sign-in, or a password a reset link
// set), the second step is the authenticator or a backup code; after a password the player chose or
// a platform's sign-in, an emailed code ("try another way", ADR 009) is one too. A passkey of the
// account is one after any first step but a passkey (issue 31, ADR 036).

/** How a sign-in's first step was made (sessions.first_factor). */
export type FirstFactor = 'password' | 'email_code' | 'recovery' | 'platform' | 'passkey';

/** The ways to complete a pending sign-in, as GET /sessions/me/current lists them. */
export type SecondStep = 'mfa_code' | 'backup_code' | 'email_code' | 'passkey';

/**
 * The first step of a password sign-in: a password set through a mailed reset link proves no more
 * than the mailbox, until the player changes it signed in (accounts.password_reset_at).
 */
export function passwordFactor(account: { passwordResetAt: Date | null }): FirstFactor {
  return account.passwordResetAt === null ? 'password' : 'recovery';
}

/** Whether the first step went through the mailbox (an unknown one, from before 0028, counts as so). */
export function cameThroughMailbox(firstFactor: FirstFactor | null): boolean {
  return firstFactor === null || firstFactor === 'email_code' || firstFactor === 'recovery';
}

/** The second steps a sign-in pending two-factor may use, in the order the page offers them. */
export function secondSteps(firstFactor: FirstFactor | null, hasPasskey = false): SecondStep[] {
  const steps: SecondStep[] = cameThroughMailbox(firstFactor)
    ? ['mfa_code', 'backup_code']
    : ['mfa_code', 'backup_code', 'email_code'];
  return hasPasskey && firstFactor !== 'passkey' ? [...steps, 'passkey'] : steps;
}
