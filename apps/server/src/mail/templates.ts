// The mails the portal sends. Each template names its message keys (locales/<tag>.json) and which
// data it carries: a code to type, a link to follow, or both. A message with a count has a form per
// plural category of its language (`mail.duration.minutes.one`, `.few`, `.other`...).
export const TEMPLATES = {
  register_code: { code: true, expires: 'code' },
  sign_in_code: { code: true, expires: 'code' },
  verify_email: { code: true, link: true, expires: 'code', action: true },
  password_reset: { link: true, expires: 'link', action: true },
  unlock: { link: true, expires: 'link', action: true },
  delete_account: { code: true, expires: 'code' },
  password_changed: { notice: true },
  mfa_enabled: { notice: true },
  mfa_disabled: { notice: true },
  platform_linked: { notice: true },
  platform_unlinked: { notice: true },
  platform_sign_in: { notice: true },
  email_changed: { notice: true },
  backup_codes: { notice: true },
  passkey_added: { notice: true },
  passkey_removed: { notice: true },
  friend_request: { link: true, action: true, optOut: true },
  account_consolidated: { notice: true },
  account_deleted: { notice: true },
} as const satisfies Record<string, TemplateShape>;

export interface TemplateShape {
  code?: boolean;
  link?: boolean;
  action?: boolean;
  expires?: 'code' | 'link';
  optOut?: boolean;
  /** Tells of something done to the account: no "if you did not ask for this, ignore this email" line. */
  notice?: boolean;
}

export type TemplateName = keyof typeof TEMPLATES;

export interface TemplateData {
  code?: string;
  link?: string;
  /** Minutes until the code or link expires (said in minutes, hours or days, render.ts). */
  minutes?: number;
  /** Moment of the event told about (security notices). */
  date?: Date;
  username?: string;
  newEmail?: string;
  /** The platform's name (platform notices). */
  platform?: string;
  /** The passkey's name (passkey notices). */
  passkey?: string;
  optOutUrl?: string;
  /** Lines of a list, each `mail.<template>.<kind>` with {{game}} (the saves of a consolidation). */
  items?: readonly { kind: string; game: string }[];
}
