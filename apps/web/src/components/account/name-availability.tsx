// Whether the display name being typed is free (GET /accounts/username/check), said in a polite live
// region under the field: the rule's problem at once, else the server's answer after a pause in the
// typing. Nothing for the unchanged name, an empty field or a failed check: the submit is never held
// back by it, and the server decides then (1038, 1040).
import { checkUsername } from '@portal/contract/calls/accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { displayNameProblem } from '../../lib/display-name.ts';
import type { DisplayNameBounds } from '../../lib/display-name.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { queryClient } from '../../lib/query.tsx';
import { useServices } from '../../lib/services.tsx';

/** How long the typing pauses before the name is checked (one call per pause, not per key). */
const CHECK_DELAY_MS = 400;

export default function NameAvailability({
  name,
  initial,
  bounds,
  silent,
}: {
  name: string;
  initial: string;
  bounds: DisplayNameBounds;
  /** The field shows an error of the submit: that says it. */
  silent: boolean;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [settled, setSettled] = useState(name);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(name), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name]);
  const news = settled === name && settled !== '' && settled !== initial;
  const problem = news ? displayNameProblem(settled, bounds) : null;
  // The screens' shared client, given directly: the sign-up's name step has no provider.
  const answer = useQuery(
    {
      queryKey: ['username-check', settled],
      queryFn: ({ signal }) => api.call(checkUsername, { query: { username: settled } }, { signal }),
      enabled: news && problem === null,
      retry: false,
      staleTime: 10_000,
    },
    queryClient,
  );
  let text: string | null = null;
  if (!silent && news) {
    if (problem === 'characters') text = t('form.usernameCharacters');
    else if (problem === 'too_short') text = t('form.usernameTooShort', { min: bounds.min });
    else if (problem === 'too_long') text = t('form.usernameTooLong', { max: bounds.max });
    else if (answer.data)
      text = t(answer.data.available ? 'form.usernameAvailable' : 'form.usernameUnavailable', { name: settled });
  }
  return (
    <p role="status" className="field-hint">
      {text}
    </p>
  );
}
