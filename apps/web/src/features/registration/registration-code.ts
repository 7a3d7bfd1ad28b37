// The emailed code of sign-up (issue 28): mailed once per address when the code step first opens.
// A reload of the step, Back and Forward into it, or starting again with the same address keeps the
// code already sent; a new one is mailed only when the player asks for it ("Send a new code"). What
// the two credential steps share (the code typed, the ticked consents) lives in the flow's data, so
// that moving between them or reloading keeps it.

/** The flow data keys of the sign-up's credential steps. */
export const SIGN_UP_KEYS = {
  /** The address a code was mailed to in this flow. */
  codeSentTo: 'codeSentTo',
  /** The code as typed. */
  code: 'emailCode',
  /** The terms ticked ('true'). */
  terms: 'termsAgreed',
  /** The marketing emails ticked ('true'). */
  marketing: 'marketingOptIn',
} as const;

/** Whether opening the code step mails a code: none was mailed to the flow's address yet. */
export function shouldSendCode(data: Readonly<Record<string, string>>): boolean {
  return Boolean(data.email) && data[SIGN_UP_KEYS.codeSentTo] !== data.email;
}

/** What a sign-up started again keeps of the flow before it: the code mailed to the same address. */
export function codeSentKept(previous: Readonly<Record<string, string>>, address: string): Record<string, string> {
  const sentTo = previous[SIGN_UP_KEYS.codeSentTo];
  return sentTo !== undefined && sentTo.toLowerCase() === address.toLowerCase()
    ? { [SIGN_UP_KEYS.codeSentTo]: address }
    : {};
}
