// The sign-up's emailed code: mailed once per address, so that a reload, Back and Forward keep it
// (issue 28).
import type { SignUpData } from '../../flows/flow-state.ts';

/** Whether opening the code step mails a code: none was mailed to the flow's address yet. */
export function shouldSendCode(data: Pick<SignUpData, 'email' | 'codeSentTo'>): boolean {
  return Boolean(data.email) && data.codeSentTo !== data.email;
}
