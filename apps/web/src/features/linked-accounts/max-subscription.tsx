// The Max card's subscription (spec 001 §7 `GET /accounts/max/me/subscription`): asked of Max through
// the server with the link's token. When Max no longer takes the token (`max_link.refresh_required`),
// the refresh error modal asks the player to connect Max again (spec 000 §4 modal kinds).
import { getMaxSubscription } from '@portal/contract/calls/accounts-links';
import type { MaxSubscription } from '@portal/contract/calls/accounts-links';
import type { Account, PlatformLink } from '@portal/contract/calls/entities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';

/** The subscription as Max answers it for one state of the link: asked again when the link changes. */
const subscriptionKey = (link: PlatformLink | undefined) =>
  ['max-subscription', link?.auth_id ?? null, link?.refresh_required ?? false] as const;

export function MaxSubscriptionStatus({
  account,
  onReconnect,
}: {
  account: Account;
  onReconnect: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { api, account: accountCache } = useServices();
  const queryClient = useQueryClient();
  const link = account.links.max;
  const subscription = useQuery({
    queryKey: subscriptionKey(link),
    queryFn: ({ signal }) => api.call(getMaxSubscription, {}, { signal }),
    enabled: link !== undefined,
    // Max out of service is said at once ("try again later"), not asked again; an answer is kept only
    // while shown, so the page opened again asks afresh.
    retry: false,
    gcTime: 0,
  });
  const answer = subscription.data;
  // Max no longer takes the token: the link shown says so too, and this answer stands for the link as
  // it now is (not asked again).
  useEffect(() => {
    const fresh = answer?.max_link;
    if (!fresh?.refresh_required) return;
    queryClient.setQueryData(subscriptionKey(fresh), answer);
    void accountCache.update((current) => ({ ...current, links: { ...current.links, max: fresh } }));
  }, [answer, queryClient, accountCache]);
  // The reconnect modal of an answer that asks for it, until closed or reconnected.
  const [closedFor, setClosedFor] = useState<MaxSubscription | null>(null);
  const refreshing = answer?.max_link?.refresh_required === true && closedFor !== answer;
  const reconnect = useSubmit(async () => {
    await onReconnect();
    setClosedFor(answer ?? null);
  });
  if (!link || subscription.isPending) return null;
  const text = subscription.isError
    ? t('maxSubscription.unavailable')
    : subscription.data.max_link?.refresh_required
      ? null
      : subscription.data.subscribed
        ? subscription.data.expires_at
          ? t('maxSubscription.activeUntil', {
              date: formatDate(new Date(subscription.data.expires_at), i18n.language),
            })
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
          onClose={() => setClosedFor(answer ?? null)}
        >
          <p>{t('maxSubscription.refreshBody')}</p>
        </ModalForm>
      ) : null}
    </>
  );
}
