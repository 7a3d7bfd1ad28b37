// The mails the portal sends. Each template names its message keys (locales/<tag>.json) and which
// data it carries: a code to type, a link to follow, or both.
export const TEMPLATES = {
  register_code: { code: true, expires: 'code' },
  sign_in_code: { code: true, expires: 'code' },
  verify_email: { code: true, link: true, expires: 'code', action: true },
  password_reset: { link: true, expires: 'link', action: true },
  unlock: { link: true, expires: 'link', action: true },
  delete_account: { code: true, expires: 'code' },
  password_changed: {},
  mfa_enabled: {},
  mfa_disabled: {},
  platform_linked: {},
  platform_unlinked: {},
  platform_sign_in: {},
  email_changed: {},
  backup_codes: {},
  friend_request: { link: true, action: true, optOut: true },
  account_consolidated: {},
} as const satisfies Record<string, TemplateShape>;

export interface TemplateShape {
  code?: boolean;
  link?: boolean;
  action?: boolean;
  expires?: 'code' | 'link';
  optOut?: boolean;
}

export type TemplateName = keyof typeof TEMPLATES;

export interface TemplateData {
  code?: string;
  link?: string;
  /** Minutes until the code or link expires. */
  minutes?: number;
  /** Moment of the event told about (security notices). */
  date?: Date;
  username?: string;
  newEmail?: string;
  /** The platform's name (platform notices). */
  platform?: string;
  optOutUrl?: string;
  /** Lines of a list, each `mail.<template>.<kind>` with {{game}} (the saves of a consolidation). */
  items?: readonly { kind: string; game: string }[];
}
