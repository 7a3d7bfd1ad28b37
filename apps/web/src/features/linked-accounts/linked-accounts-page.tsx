// /linked-accounts (spec 000 §2): every platform offered, with its state (connected as a name, not
// connected, needs reconnecting, a replacement waiting for confirmation, locked until a date), and
// what the player may do: connect (the platform's sign-in in a popup), reconnect, confirm or cancel
// a replacement, disconnect (with a confirmation; a restricted platform only through support).
import { SignOutOthersOffer } from '../../components/account/sign-out-others-offer.tsx';
import { cancelLink, confirmLink, linkPlatform, unlinkPlatform } from '@portal/contract/calls/accounts-links';
import type { Account, PlatformLink } from '@portal/contract/calls/entities';
import { isPlayerPlatform, PLATFORM_CATALOGUE, PLATFORM_IDS } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useEffect, useRef, useState } from 'react';
import { linkNeedsRefresh } from '../../flows/connection-flow.ts';
import { allowedPlatforms } from '../../lib/platforms/allowed-platforms.ts';
import { href } from '../../lib/router/route-table.ts';
import { VerifyEmailModal } from '../../components/account/verify-email-modal.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/dates.ts';
import { debugSettings } from '../../lib/environment.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { queryId, queryWords } from '../../lib/router/query-params.ts';
import { useServices, useSession } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { DisconnectModal } from './disconnect-modal.tsx';
import { linkThroughPopup } from '../../lib/platforms/link-platform.ts';
import { MaxSubscriptionStatus } from './max-subscription.tsx';
import type { LinkAction } from '../../lib/platforms/link-platform.ts';
import { ShortCodeModal } from './short-code-modal.tsx';
import { PlatformBadge } from '../../components/platform-badge.tsx';
import { PlatformPopupWaiting } from '../../components/platform-popup-waiting.tsx';
import { usePopupAttempt } from '../../lib/platforms/popup-attempt.ts';

const DAY_MS = 86_400_000;

export function LinkedAccountsPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const { account } = useSession();
  const { search } = useLocation();
  if (!account) return <Spinner />;
  // An identity linked before the address is proved could hand the account over (pre-account
  // hijacking): the server refuses, and the page asks for the verification first.
  if (account.email !== null && !account.email_verified) {
    return (
      <Page title={t('screen.linked-accounts.title')} wide>
        <div className="notice">
          <p>{t('linkedAccounts.verifyFirst')}</p>
        </div>
        <VerifyEmailModal account={account} onClose={() => navigate(href('account'))} />
      </Page>
    );
  }
  const debug = debugSettings(services.debug);
  const offered = allowedPlatforms(services.settings);
  // Debug mode may show every platform (showPlatforms), to see the screen as a configured one would;
  // never a game's device identifier, which is no account of the player's.
  const platforms = PLATFORM_IDS.filter((id) => (offered.has(id) || debug.showPlatforms) && isPlayerPlatform(id));
  // ADR 005 "Query parameters the app reads": `disconnect=<platform>` opens that platform's disconnect
  // (when it may be disconnected), `pn_state=connect|reconnect` puts the focus on PlayStation Network's
  // action (a platform's popup opens only from the player's own click).
  const disconnect = queryId(search, 'disconnect')?.toLowerCase().replace(/-/g, '_');
  const toPsn = queryWords(search, 'pn_state', ['connect', 'reconnect']).size > 0;
  return (
    <Page title={t('screen.linked-accounts.title')} wide>
      <p>{t('linkedAccounts.intro')}</p>
      {platforms.length === 0 ? (
        <div className="notice" role="status">
          <p>{t('linkedAccounts.none')}</p>
        </div>
      ) : (
        <ul className="platform-list" aria-label={t('screen.linked-accounts.title')}>
          {platforms.map((id) => (
            <PlatformRow
              key={id}
              platform={id}
              account={account}
              refreshRequired={debug.refreshRequired}
              offered={offered.has(id)}
              askDisconnect={disconnect === id}
              focusAction={toPsn && id === 'psn'}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}

type Action = LinkAction | 'confirm' | 'cancel';

export function PlatformRow({
  platform,
  account,
  refreshRequired,
  offered,
  askDisconnect = false,
  focusAction = false,
}: {
  platform: PlatformId;
  account: Account;
  refreshRequired: boolean;
  offered: boolean;
  /** Open the disconnect confirmation at once (a link's `disconnect` query). */
  askDisconnect?: boolean;
  /** Put the focus on the row's first action (a link's `pn_state` query). */
  focusAction?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const link: PlatformLink | undefined = account.links[platform];
  // Asked by a link: only a link that may be disconnected now (not locked, not restricted).
  const [disconnecting, setDisconnecting] = useState(
    () =>
      askDisconnect &&
      link !== undefined &&
      !(link.locked_until && new Date(link.locked_until).getTime() > Date.now()) &&
      services.settings.platforms[platform]?.restricted !== true,
  );
  const actionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusAction) actionsRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [focusAction]);
  /** A short-code platform's connect (the player types the code the platform shows). */
  const [typingCode, setTypingCode] = useState<Action | null>(null);
  const shortCode = PLATFORM_CATALOGUE[platform].linkPayload === 'short_code';
  const [notice, setNotice] = useState<string | null>(null);
  // A platform linked (it can sign in) or unlinked: offer to sign out the other devices (ASVS 7.4.3).
  const [offerSignOut, setOfferSignOut] = useState(false);
  const name = PLATFORM_CATALOGUE[platform].name;
  const headingId = `platform-${platform}`;
  const attempt = usePopupAttempt();

  const act = useSubmit(async (action: Action) => {
    setNotice(null);
    setOfferSignOut(false);
    let updated: Account;
    if (action === 'confirm' && link?.pending) {
      updated = await services.api.call(confirmLink, {
        params: { platform },
        body: { auth_id: link.pending.auth_id },
      });
    } else if (action === 'cancel') {
      updated = await services.api.call(cancelLink, { params: { platform } });
    } else if (action === 'confirm') {
      return;
    } else if (shortCode) {
      setTypingCode(action);
      return;
    } else {
      const outcome = await linkThroughPopup(services, platform, action);
      if (outcome.kind === 'cancelled') return;
      if (outcome.kind === 'failed') return setNotice(t(outcome.notice, { platform: name }));
      updated = outcome.account;
    }
    await services.account.set(updated);
    const done: Record<Action, MessageKey> = {
      connect: 'linkedAccounts.connectedNotice',
      reconnect: 'linkedAccounts.reconnectedNotice',
      replace: 'linkedAccounts.pendingNotice',
      confirm: 'linkedAccounts.replacedNotice',
      cancel: 'linkedAccounts.cancelledNotice',
    };
    setNotice(t(done[action], { platform: name }));
    if (action !== 'cancel' && !updated.links[platform]?.pending) setOfferSignOut(true);
  });

  // One platform sign-in at a time: while a popup is open, no other starts (popup-attempt.ts).
  const busy = act.pending || attempt !== null;
  // A restricted platform's account is disconnected or replaced only by support: neither is offered.
  const restricted = services.settings.platforms[platform]?.restricted === true;
  const support = services.config.links.support;
  const needsReconnect = linkNeedsRefresh(link, refreshRequired);
  const lockedUntil = link?.locked_until ? new Date(link.locked_until) : null;
  const locked = lockedUntil !== null && lockedUntil.getTime() > Date.now();
  const daysLeft = locked ? Math.ceil((lockedUntil.getTime() - Date.now()) / DAY_MS) : 0;
  const status = link
    ? needsReconnect
      ? t('linkedAccounts.needsReconnect')
      : link.last_seen_username
        ? t('linkedAccounts.connectedAs', { name: link.last_seen_username })
        : t('linkedAccounts.connected')
    : t('linkedAccounts.notConnected');
  const button = (action: Action, label: string, secondary = true) => (
    <button
      type="button"
      className={secondary ? 'button button-secondary' : 'button'}
      disabled={busy || !offered}
      onClick={() => void act.run(action)}
    >
      {label}
    </button>
  );

  return (
    <li className="card platform-row" aria-labelledby={headingId}>
      <div className="platform-row-head">
        <PlatformBadge platform={platform} />
        <div>
          <h2 id={headingId} className="platform-name">
            {name}
          </h2>
          <p className={!link ? 'badge badge-off' : needsReconnect ? 'badge' : 'badge badge-on'}>{status}</p>
        </div>
      </div>
      {locked && lockedUntil ? (
        <p className="field-hint">
          {t('linkedAccounts.locked', { date: formatDate(lockedUntil, i18n.language), count: daysLeft })}
        </p>
      ) : null}
      {link && restricted ? (
        <p className="field-hint">
          {t('linkedAccounts.restrictedHint', { platform: name })}{' '}
          {support ? (
            <a href={support} target="_blank" rel="noopener noreferrer">
              {t('footer.support')}
            </a>
          ) : null}
        </p>
      ) : null}
      {platform === 'max' && link && offered ? (
        <MaxSubscriptionStatus account={account} onReconnect={() => act.run('reconnect')} />
      ) : null}
      {link?.pending ? (
        <div className="notice" role="status">
          <p>
            {t('linkedAccounts.pending', {
              platform: name,
              name: link.pending.last_seen_username ?? link.pending.auth_id,
            })}
          </p>
          <div className="actions">
            {button('confirm', t('linkedAccounts.confirm'), false)}
            {button('cancel', t('form.cancel'))}
          </div>
        </div>
      ) : null}
      <PlatformPopupWaiting platform={platform} />
      {notice ? (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {offerSignOut ? <SignOutOthersOffer onNotice={setNotice} onDone={() => setOfferSignOut(false)} /> : null}
      <FormError error={act.error} />
      {/* While its popup is open, the wait above (with its Cancel) stands for the actions. */}
      {attempt?.platform === platform ? null : (
        <div className="actions" ref={actionsRef}>
          {!link ? button('connect', t('linkedAccounts.connect'), false) : null}
          {link && needsReconnect ? button('reconnect', t('linkedAccounts.reconnect'), false) : null}
          {link && !link.pending && !locked && !restricted ? button('replace', t('linkedAccounts.replace')) : null}
          {/* A locked link says until when it cannot be changed; a restricted one, who can. */}
          {link && !locked && !restricted ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => {
                setNotice(null);
                setDisconnecting(true);
              }}
            >
              {t('linkedAccounts.disconnect')}
            </button>
          ) : null}
        </div>
      )}
      {typingCode ? (
        <ShortCodeModal
          platform={platform}
          onClose={() => setTypingCode(null)}
          onDone={(updated) => {
            void services.account.set(updated);
            if (!updated.links[platform]?.pending) setOfferSignOut(true);
            setNotice(
              t(
                updated.links[platform]?.pending
                  ? 'linkedAccounts.pendingNotice'
                  : typingCode === 'reconnect'
                    ? 'linkedAccounts.reconnectedNotice'
                    : 'linkedAccounts.connectedNotice',
                { platform: name },
              ),
            );
          }}
          link={(code) =>
            services.api.call(linkPlatform, {
              params: { platform },
              query: { needs_confirmation: typingCode === 'replace', refresh: typingCode === 'reconnect' },
              body: { short_code: code },
            })
          }
        />
      ) : null}
      {disconnecting ? (
        <DisconnectModal
          platform={platform}
          onClose={() => setDisconnecting(false)}
          onDone={(updated) => {
            void services.account.set(updated);
            setOfferSignOut(true);
            setNotice(t('linkedAccounts.disconnectedNotice', { platform: name }));
          }}
          disconnect={() => services.api.call(unlinkPlatform, { params: { platform } })}
        />
      ) : null}
    </li>
  );
}
