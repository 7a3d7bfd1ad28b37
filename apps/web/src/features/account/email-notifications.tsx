// /email-notifications?token= from the opt-out link of a friend-request mail: no sign-in needed.
import { getEmailPreferencesByToken, updateEmailPreferencesByToken } from '@portal/contract/calls/accounts-recovery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '../../lib/services.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { href } from '../../lib/router/route-table.ts';

export function EmailNotifications() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const current = useQuery({
    queryKey: ['email-preferences', token],
    queryFn: () => services.api.call(getEmailPreferencesByToken, { query: { token } }),
    retry: false,
  });
  const [friendRequests, setFriendRequests] = useState(true);
  useEffect(() => {
    if (current.data) setFriendRequests(current.data.preferences.friend_request);
  }, [current.data]);
  const submit = useSubmit(async () => {
    await services.api.call(updateEmailPreferencesByToken, {
      query: { token },
      body: { preferences: { friend_request: friendRequests } },
    });
    navigate(href('email-notifications-success'), { replace: true });
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
      {current.data ? (
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
      ) : null}
    </Page>
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
