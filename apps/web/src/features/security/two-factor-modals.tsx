// The two-factor modals of spec 000 §4: enable (QR code, secret in groups, an otpauth:// link for
// the app on the same phone, authenticator apps, the first code, then the backup codes shown once),
// view and new backup codes, and disconnect.
import {
  activateMfa,
  getBackupCodes,
  regenerateBackupCodes,
  removeMfa,
  startMfa,
} from '@portal/contract/calls/accounts-mfa';
import type { Account } from '@portal/contract/calls/entities';
import type { BackupCodes } from '@portal/contract/calls/accounts-mfa';
import { verifySession } from '@portal/contract/calls/sessions-mfa';
import { useEffect, useMemo, useRef, useState } from 'react';
import { encode } from 'uqr';
import { useServices } from '../../lib/services.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { AuthenticatorCodeField } from '../../components/ui/authenticator-code-field.tsx';
import { useReauthentication } from '../../components/account/reauthentication.tsx';

/** Authenticator apps that read the QR code (each works with any TOTP service). */
const AUTHENTICATOR_APPS = [
  { name: 'Google Authenticator', url: 'https://support.google.com/accounts/answer/1066447' },
  { name: 'Microsoft Authenticator', url: 'https://www.microsoft.com/security/mobile-authenticator-app' },
  { name: '2FAS', url: 'https://2fas.com/' },
  { name: 'Aegis (Android)', url: 'https://getaegis.app/' },
] as const;

/** Refreshes the account in the session store after a two-factor change. */
function useRefreshAccount() {
  const services = useServices();
  return async () => await services.account.refresh();
}

function QrCode({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const { data } = encode(text, { ecc: 'M' });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x + 4},${y + 4}h1v1h-1z` : '')));
    return { d, size: data.length + 8 };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

/** The secret in groups of four, easier to type into an app than one long string. */
function groups(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Turning two-factor on: the password (or a passkey) first when it was not given in the last minutes
 * (issue 31), then the new secret to scan and its first code, then the backup codes.
 */
export function EnableMfaModal({ account, onClose }: { account: Account; onClose: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const refresh = useRefreshAccount();
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [codes, setCodes] = useState<BackupCodes | null>(null);
  const [code, setCode] = useState('');
  const proof = useReauthentication(account);
  const [proofAsked, setProofAsked] = useState(false);
  const start = useSubmit(async () => {
    try {
      setSetup(await services.api.call(startMfa));
    } catch (error) {
      if (!proof.expired(error)) throw error;
      setProofAsked(true);
    }
  });
  const prove = useSubmit(async () => {
    if (!proof.check()) return;
    if (!(await proof.verify())) return;
    try {
      setSetup(await services.api.call(startMfa));
    } catch (error) {
      proof.expired(error);
      throw error;
    }
  });
  // Once, when the modal opens.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start.run();
  });
  const activate = useSubmit(async () => {
    setCodes(await services.api.call(activateMfa, { body: { code } }));
    await refresh();
  });
  if (codes) return <BackupCodesList codes={codes} title={t('security.codesNewTitle')} onClose={onClose} />;
  if (!setup && proofAsked) {
    return (
      <ModalForm title={t('security.enableTitle')} submit={prove} submitLabel={t('form.continue')} onClose={onClose}>
        {proof.fields}
      </ModalForm>
    );
  }
  if (!setup) {
    return (
      <Modal
        open
        title={t('security.enableTitle')}
        onClose={onClose}
        actions={
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('form.cancel')}
          </button>
        }
      >
        {start.pending ? <Spinner /> : null}
        <FormError error={start.error} />
      </Modal>
    );
  }
  return (
    <ModalForm title={t('security.enableTitle')} submit={activate} submitLabel={t('security.turnOn')} onClose={onClose}>
      <ol className="steps">
        <li>
          {t('security.enableStepApp')}
          <ul className="app-links">
            {AUTHENTICATOR_APPS.map((app) => (
              <li key={app.name}>
                <a href={app.url} target="_blank" rel="noopener noreferrer">
                  {app.name}
                </a>
              </li>
            ))}
          </ul>
        </li>
        <li>
          {t('security.enableStepScan')}
          <QrCode text={setup.otpauth_uri} label={t('security.qrLabel')} />
          <p className="field-hint">{t('security.enableManual')}</p>
          <p className="secret" data-testid="mfa-secret" dir="ltr" translate="no">
            {groups(setup.secret)}
          </p>
          {/* On the phone that holds the app, there is nothing to scan: the otpauth link opens it (issue 28). */}
          <p className="field-hint">{t('security.openInAppHint')}</p>
          <a className="button button-secondary button-small" href={setup.otpauth_uri}>
            {t('security.openInApp')}
          </a>
        </li>
        <li>{t('security.enableStepCode')}</li>
      </ol>
      <AuthenticatorCodeField value={code} onChange={setCode} />
    </ModalForm>
  );
}

/** Backup codes shown after they are made or when asked for; used ones are struck through. */
function BackupCodesList({ codes, title, onClose }: { codes: BackupCodes; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.backup_codes.map((c) => c.code).join('\n');
  const download = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`, [text]);
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('security.codesSaved')}
        </button>
      }
    >
      <p>{t('security.codesIntro')}</p>
      <ul className="backup-codes" dir="ltr" translate="no" data-testid="backup-codes">
        {codes.backup_codes.map((c) => (
          <li key={c.code} className={c.used ? 'used' : undefined}>
            {c.used ? <s>{c.code}</s> : c.code}
            {c.used ? <span className="visually-hidden"> ({t('security.codeUsed')})</span> : null}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {t('security.codesCopy')}
        </button>
        <a className="button button-secondary button-small" href={download} download="backup-codes.txt">
          {t('security.codesDownload')}
        </a>
      </div>
      {copied ? <p role="status">{t('security.codesCopied')}</p> : null}
    </Modal>
  );
}

/** View (GET) or renew (PUT) the backup codes, each confirmed by an authenticator code. */
export function BackupCodesModal({ mode, onClose }: { mode: 'view' | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const refresh = useRefreshAccount();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<BackupCodes | null>(null);
  const submit = useSubmit(async () => {
    if (mode === 'view') return setCodes(await services.api.call(getBackupCodes, { query: { code } }));
    setCodes(await services.api.call(regenerateBackupCodes, { body: { code } }));
    // The account's count and date of the backup codes changed.
    await refresh();
  });
  const title = mode === 'view' ? t('security.codesViewTitle') : t('security.codesNewTitle');
  if (codes) return <BackupCodesList codes={codes} title={title} onClose={onClose} />;
  return (
    <ModalForm
      title={title}
      submit={submit}
      submitLabel={mode === 'view' ? t('security.showCodes') : t('security.makeCodes')}
      onClose={onClose}
    >
      <p>{mode === 'view' ? t('security.codesViewIntro') : t('security.codesNewIntro')}</p>
      <AuthenticatorCodeField value={code} onChange={setCode} />
    </ModalForm>
  );
}

/** Confirms with an authenticator code (PUT /sessions/me/verify), then turns two-factor off. */
export function DisconnectMfaModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const [code, setCode] = useState('');
  const submit = useSubmit(async () => {
    await services.api.call(verifySession, { body: { code_type: 'mfa_code', code } });
    await services.account.set(await services.api.call(removeMfa));
    onDone();
    onClose();
  });
  return (
    <ModalForm
      title={t('security.disconnectTitle')}
      submit={submit}
      submitLabel={t('security.turnOff')}
      onClose={onClose}
      danger
    >
      <p>{t('security.disconnectIntro')}</p>
      <AuthenticatorCodeField value={code} onChange={setCode} />
    </ModalForm>
  );
}
