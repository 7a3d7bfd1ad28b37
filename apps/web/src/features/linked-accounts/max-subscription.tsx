// The Max card's subscription (spec 001 §7 `GET /accounts/max/me/subscription`): asked of Max through
// the server with the link's token. When Max no longer takes the token (`max_link.refresh_required`),
// the refresh error modal asks the player to connect Max again (spec 000 §4 modal kinds).
import { getMaxSubscription } from '@portal/contract/calls/accounts-links';
import type { MaxSubscription } from '@portal/contract/calls/accounts-links';
import type { Account } from '@portal/contract/calls/entities';
import { useEffect, useState } from 'react';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';

export function MaxSubscriptionStatus({
  account,
  onReconnect,
}: {
  account: Account;
  onReconnect: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const link = account.links.max;
  const [answer, setAnswer] = useState<MaxSubscription | 'failed' | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  // Asked again whenever the link changes (connected, reconnected).
  const key = link ? `${link.auth_id} ${link.refresh_required}` : null;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setAnswer(null);
    services.api.call(getMaxSubscription).then(
      (got) => {
        if (!live) return;
        setAnswer(got);
        if (got.max_link?.refresh_required) {
          const current = services.session.get().account;
          if (current) services.session.setAccount({ ...current, links: { ...current.links, max: got.max_link } });
          setRefreshing(true);
        }
      },
      () => live && setAnswer('failed'),
    );
    return () => {
      live = false;
    };
  }, [key, services]);
  const reconnect = useSubmit(async () => {
    await onReconnect();
    setRefreshing(false);
  });
  if (!link || answer === null) return null;
  const text =
    answer === 'failed'
      ? t('maxSubscription.unavailable')
      : answer.max_link?.refresh_required
        ? null
        : answer.subscribed
          ? answer.expires_at
            ? t('maxSubscription.activeUntil', { date: formatDate(new Date(answer.expires_at), i18n.language) })
            : t('maxSubscription.active')
          : t('maxSubscription.none');
  return (
    <>
      {text ? <p className="field-hint">{text}</p> : null}
      {refreshing ? (
        <ModalForm
          title={t('maxSubscription.refreshTitle')}
          submit={reconnect}
          submitLabel={t('linkedAccounts.reconnect')}
          onClose={() => setRefreshing(false)}
        >
          <p>{t('maxSubscription.refreshBody')}</p>
        </ModalForm>
      ) : null}
    </>
  );
}
