// An address shown to the player it belongs to without spelling it out (issue 28): "We sent a code
// to w…@example.com". The first letter of the name and the whole domain: enough to know which
// mailbox to open, not enough to learn an address from a screen or a screenshot.
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}
