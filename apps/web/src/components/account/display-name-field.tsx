// The display-name field of the sign-up's name step and of the account page's rename (issue 28): its
// hint states the rule with the server's numbers ("4 to 16 letters and numbers..."), and a name too
// short, too long, with other characters or reserved says so at the field, in the user's language,
// whether the page saw it or the server refused it (1038, with its reason).
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../lib/api/api-error.ts';
import { displayNameProblem } from '../../lib/display-name.ts';
import type { DisplayNameBounds } from '../../lib/display-name.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { TextField } from '../ui/field.tsx';

const NameAvailability = lazy(() => import('./name-availability.tsx'));

type Reason = 'characters' | 'too_short' | 'too_long' | 'reserved';
const REASONS: readonly string[] = ['characters', 'too_short', 'too_long', 'reserved'] satisfies Reason[];

/** The bounds the server published (public settings), for the hint and the page's own check. */
export function useDisplayNameBounds(): DisplayNameBounds {
  const { display_name: bounds } = useServices().settings;
  return { min: bounds.min_length, max: bounds.max_length };
}

export function useDisplayNameField(initial: string, autoComplete: 'username' | 'nickname') {
  const { t } = useTranslation();
  const bounds = useDisplayNameBounds();
  const [name, setName] = useState(initial);
  const [reason, setReason] = useState<Reason | null>(null);
  const messages: Record<Reason, string> = {
    characters: t('form.usernameCharacters'),
    too_short: t('form.usernameTooShort', { min: bounds.min }),
    too_long: t('form.usernameTooLong', { max: bounds.max }),
    reserved: t('form.usernameReserved'),
  };
  return {
    name,
    setName,
    /** The trimmed name when the rule holds; otherwise null, with the field's error shown. */
    validate(): string | null {
      const trimmed = name.trim();
      const problem = displayNameProblem(trimmed, bounds);
      setReason(problem);
      return problem === null ? trimmed : null;
    },
    /** Shows the server's refusal of the name (1038) at the field; false for any other error. */
    showRefusal(error: unknown): boolean {
      if (!(error instanceof ApiError) || !error.is('username_invalid')) return false;
      const sent = error.wire.body?.reason;
      setReason(typeof sent === 'string' && REASONS.includes(sent) ? (sent as Reason) : 'characters');
      return true;
    },
    field: (
      <>
        <TextField
          label={t('form.displayName')}
          hint={t('form.usernameHint', { min: bounds.min, max: bounds.max })}
          autoComplete={autoComplete}
          required
          value={name}
          onChange={(e) => (setName(e.target.value), setReason(null))}
          error={reason ? messages[reason] : null}
        />
        {/* Said while typing (polite); the submit's error takes over when there is one. Loaded apart:
            TanStack Query stays off the sign-up's first load. */}
        <Suspense fallback={<p role="status" className="field-hint" />}>
          <NameAvailability name={name.trim()} initial={initial} bounds={bounds} silent={reason !== null} />
        </Suspense>
      </>
    ),
  };
}
