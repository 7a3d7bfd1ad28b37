// /security (spec 000 §2 "Password and security", §6): needs a verified email (else the verify-email
// modal). The password (change it, or set one), two-factor: turn on, backup codes, turn off, and the
// account's recent activity (read again whenever a modal closes, so its change shows at once); where
// the account is signed in, its passkeys, and the games connected to it (issue 31).
import type { Account } from '@portal/contract/calls/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/services.tsx';
import { VerifyEmailModal } from '../../components/account/verify-email-modal.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { queryFlag } from '../../lib/router/query-params.ts';
import { PasskeysCard } from './passkeys-card.tsx';
import { PasswordModal } from './password-modal.tsx';
import { RECENT_ACTIVITY_KEY, RecentActivity } from './recent-activity.tsx';
import { ConnectedGames, SignedInDevices, SignOutOthersOffer } from './signed-in-devices.tsx';
import { BackupCodesModal, DisconnectMfaModal, EnableMfaModal } from './two-factor-modals.tsx';
import { href } from '../../lib/router/route-table.ts';

type ModalKind = 'password' | 'enable' | 'view-codes' | 'new-codes' | 'disconnect';

export function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useSession();
  if (!account) return <Spinner />;
  return (
    <Page title={t('screen.security.title')} wide>
      {account.email_verified ? (
        <SecuritySettings account={account} />
      ) : (
        <>
          <div className="notice">
            <p>{t('security.verifyFirst')}</p>
          </div>
          <VerifyEmailModal account={account} onClose={() => navigate(href('account'))} />
        </>
      )}
    </Page>
  );
}

/**
 * What a link to /security asks to open (ADR 005 "Query parameters the app reads"): `password` the
 * password change (or set), `active2fa` the two-factor setup when it can be turned on.
 */
function askedModal(search: string, account: Account): ModalKind | null {
  if (queryFlag(search, 'password')) return 'password';
  if (queryFlag(search, 'active2fa') && !account.mfa_active && account.password_set) return 'enable';
  return null;
}

function SecuritySettings({ account }: { account: Account }) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const [modal, setModal] = useState<ModalKind | null>(() => askedModal(search, account));
  const [notice, setNotice] = useState<string | null>(null);
  // Two-factor turned on or off, or new backup codes, here: offer to sign out the other devices (ASVS
  // 7.4.3; the passkeys card offers it after a removal).
  const [offerSignOut, setOfferSignOut] = useState(false);
  const mfaWas = useRef(account.mfa_active);
  const codesMade = account.mfa_generated_at?.getTime() ?? null;
  const codesWere = useRef(codesMade);
  useEffect(() => {
    // Two-factor turned on or off, or new backup codes made (the old ones may be in other hands).
    const codesRenewed = account.mfa_active && codesWere.current !== null && codesWere.current !== codesMade;
    if (mfaWas.current !== account.mfa_active || codesRenewed) setOfferSignOut(true);
    mfaWas.current = account.mfa_active;
    codesWere.current = codesMade;
  }, [account.mfa_active, codesMade]);
  const queryClient = useQueryClient();
  const close = () => {
    setModal(null);
    void queryClient.invalidateQueries({ queryKey: RECENT_ACTIVITY_KEY });
  };
  const open = (kind: ModalKind) => () => {
    setNotice(null);
    setModal(kind);
  };
  return (
    <div className="stack">
      {notice ? (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {offerSignOut && modal === null ? (
        <SignOutOthersOffer onNotice={setNotice} onDone={() => setOfferSignOut(false)} />
      ) : null}
      <section className="card" aria-labelledby="password-heading">
        <h2 id="password-heading">{t('security.passwordTitle')}</h2>
        <p>{account.password_set ? t('security.passwordSet') : t('security.passwordNotSet')}</p>
        <button type="button" className="button button-secondary" onClick={open('password')}>
          {account.password_set ? t('security.changePassword') : t('security.setPassword')}
        </button>
      </section>
      <section className="card" aria-labelledby="mfa-heading">
        <h2 id="mfa-heading">{t('security.mfaTitle')}</h2>
        {account.mfa_active ? (
          <>
            <p>
              <span className="badge badge-on">{t('security.mfaOn')}</span> {t('security.mfaOnBody')}
            </p>
            <p className="field-hint">
              {t('security.backupCodesLeft', { count: account.mfa?.backup_codes ?? 0 })}
              {account.mfa_generated_at
                ? ` ${t('security.backupCodesMade', { date: formatDate(new Date(account.mfa_generated_at), i18n.language) })}`
                : ''}
            </p>
            <div className="actions">
              <button type="button" className="button button-secondary" onClick={open('view-codes')}>
                {t('security.viewCodes')}
              </button>
              <button type="button" className="button button-secondary" onClick={open('new-codes')}>
                {t('security.newCodes')}
              </button>
              <button type="button" className="button button-danger" onClick={open('disconnect')}>
                {t('security.turnOff')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p>{t('security.mfaOffBody')}</p>
            {!account.password_set ? <p className="field-hint">{t('security.mfaNeedsPassword')}</p> : null}
            <button type="button" className="button" onClick={open('enable')} disabled={!account.password_set}>
              {t('security.turnOn')}
            </button>
          </>
        )}
      </section>
      <PasskeysCard account={account} />
      <SignedInDevices />
      <ConnectedGames />
      <RecentActivity />
      {modal === 'password' ? (
        <PasswordModal account={account} onClose={close} onDone={() => setNotice(t('security.passwordChanged'))} />
      ) : null}
      {modal === 'enable' ? <EnableMfaModal account={account} onClose={close} /> : null}
      {modal === 'view-codes' ? <BackupCodesModal mode="view" onClose={close} /> : null}
      {modal === 'new-codes' ? <BackupCodesModal mode="new" onClose={close} /> : null}
      {modal === 'disconnect' ? (
        <DisconnectMfaModal onClose={close} onDone={() => setNotice(t('security.mfaRemoved'))} />
      ) : null}
    </div>
  );
}
