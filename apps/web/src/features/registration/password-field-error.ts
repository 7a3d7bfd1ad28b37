/** The first password rule a new password breaks, as a message for its field (null when fine). */
export function passwordFieldError(password: string, t: (key: string) => string): string | null {
  if ([...password].length < 8) return t('form.passwordShort');
  const classes = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u];
  if (!classes.every((c) => c.test(password))) return t('form.passwordClasses');
  return null;
}
