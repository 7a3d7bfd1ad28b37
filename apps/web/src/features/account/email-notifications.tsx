// /email-notifications?token= from the opt-out link of a friend-request mail: no sign-in needed.
import { getEmailPreferencesByToken, updateEmailPreferencesByToken } from '@portal/contract/calls/accounts-recovery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../lib/services.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { href } from '../../lib/router/route-table.ts';

/** The preferences an opt-out link reads and saves. */
const preferencesKey = (token: string) => ['email-preferences', token] as const;

export function EmailNotifications() {
  const { t } = useTranslation();
  const { api } = useServices();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const current = useQuery({
    queryKey: preferencesKey(token),
    queryFn: ({ signal }) => api.call(getEmailPreferencesByToken, { query: { token } }, { signal }),
    retry: false,
  });
  return (
    <Page title={t('screen.email-notifications.title')}>
      {current.isPending ? <Spinner /> : null}
      {current.error ? (
        <>
          <FormError error={current.error} />
          <p className="form-links">
            <Link to={href('sign-in')}>{t('notifications.signInInstead')}</Link>
          </p>
        </>
      ) : null}
      {current.data ? <PreferencesForm token={token} saved={current.data.preferences.friend_request} /> : null}
    </Page>
  );
}

/** The choice as the link read it; once saved, the link's preferences read are the saved ones. */
function PreferencesForm({ token, saved }: { token: string; saved: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [friendRequests, setFriendRequests] = useState(saved);
  const submit = useSubmit(async () => {
    const answer = await api.call(updateEmailPreferencesByToken, {
      query: { token },
      body: { preferences: { friend_request: friendRequests } },
    });
    queryClient.setQueryData(preferencesKey(token), answer);
    navigate(href('email-notifications-success'), { replace: true });
  });
  return (
    <>
      <p className="lead-text">{t('notifications.intro')}</p>
      <SubmitForm submit={submit} label={t('notifications.save')}>
        <CheckboxField
          label={t('notifications.friendRequests')}
          checked={friendRequests}
          onChange={(e) => setFriendRequests(e.target.checked)}
        />
      </SubmitForm>
    </>
  );
}

export function EmailNotificationsSuccess() {
  const { t } = useTranslation();
  return (
    <Page title={t('screen.email-notifications-success.title')}>
      <p className="lead-text">{t('notifications.done')}</p>
      <p className="form-links">
        <Link to={href('account')}>{t('notifications.toAccount')}</Link>
      </p>
    </Page>
  );
}
