// /security "Passkeys" (issue 31, ADR 036): the account's passkeys, each with its name, when it was
// added and last used, and whether the player's password manager syncs it; add one, rename one,
// remove one. Adding and removing ask the player to prove it is them first (the password, the
// authenticator, or another passkey); every change is mailed to the player. After a removal the page
// offers to sign out the other devices (ASVS 7.4.3). A browser without WebAuthn lists the passkeys
// and can remove them, but cannot add one.
import type { Account } from '@portal/contract/calls/entities';
import { addPasskey, passkeyName, passkeyOptions, removePasskey, renamePasskey } from '@portal/contract/calls/passkeys';
import type { Passkey, RegistrationResponse } from '@portal/contract/calls/passkeys';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { useReauthentication } from '../../components/account/reauthentication.tsx';
import { ListCard } from './list-card.tsx';
import { browserHasPasskeys, PASSKEYS_KEY, usePasskeys } from '../../lib/auth/passkeys.ts';
import { activityTime } from './recent-activity.ts';
import { RECENT_ACTIVITY_KEY } from './recent-activity.tsx';
import { doneIfGone, useCardNotice } from './signed-in-devices.tsx';
import { SignOutOthersOffer } from '../../components/account/sign-out-others-offer.tsx';
import './signed-in-devices.css';

type Editing = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey };

function useReadAgain() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([PASSKEYS_KEY, RECENT_ACTIVITY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function PasskeysCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const notice = useCardNotice();
  // After a passkey is added or removed, the offer to sign out the other devices (ASVS 7.4.3), here
  // where the player is (on a phone the page's top is far away).
  const [offerSignOut, setOfferSignOut] = useState(false);
  const readAgain = useReadAgain();
  const [editing, setEditing] = useState<Editing | null>(null);
  const supported = browserHasPasskeys();
  const rows = passkeys.data;
  const done = async (message: string) => {
    setEditing(null);
    notice.show(message);
    await readAgain();
  };
  return (
    <ListCard
      id="passkeys-heading"
      className="passkeys"
      title={t('security.passkeys.title')}
      intro={t('security.passkeys.intro')}
      read={passkeys}
      skeletonRows={1}
      empty={null}
    >
      {notice.element}
      {offerSignOut ? <SignOutOthersOffer onNotice={notice.show} onDone={() => setOfferSignOut(false)} /> : null}
      {rows && rows.length === 0 ? <p className="field-hint">{t('security.passkeys.none')}</p> : null}
      {rows && rows.length > 0 ? (
        <ul className="device-list" aria-labelledby="passkeys-heading">
          {rows.map((row) => (
            <PasskeyRow
              key={row.id}
              passkey={row}
              onRename={() => setEditing({ kind: 'rename', passkey: row })}
              onRemove={() => setEditing({ kind: 'remove', passkey: row })}
            />
          ))}
        </ul>
      ) : null}
      {rows ? (
        supported ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => (notice.show(null), setOfferSignOut(false), setEditing({ kind: 'add' }))}
          >
            {t('security.passkeys.add')}
          </button>
        ) : (
          <p className="field-hint">{t('security.passkeys.unsupported')}</p>
        )
      ) : null}
      {editing?.kind === 'add' ? (
        <AddPasskeyModal
          account={account}
          onClose={() => setEditing(null)}
          onAdded={async (added) => {
            await done(t('security.passkeys.added', { name: added.name }));
            setOfferSignOut(true);
          }}
        />
      ) : null}
      {editing?.kind === 'rename' ? (
        <RenamePasskeyModal
          passkey={editing.passkey}
          onClose={() => setEditing(null)}
          onRenamed={(renamed) =>
            done(
              renamed
                ? t('security.passkeys.renamed', { name: renamed.name })
                : t('security.passkeys.gone', { name: editing.passkey.name }),
            )
          }
        />
      ) : null}
      {editing?.kind === 'remove' ? (
        <RemovePasskeyModal
          account={account}
          passkey={editing.passkey}
          onClose={() => setEditing(null)}
          onRemoved={async () => {
            await done(t('security.passkeys.removed', { name: editing.passkey.name }));
            setOfferSignOut(true);
          }}
        />
      ) : null}
    </ListCard>
  );
}

function PasskeyRow({ passkey, onRename, onRemove }: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = `passkey-${passkey.id}`;
  const lastUsed = passkey.last_used_at ? activityTime(passkey.last_used_at, i18n.language) : null;
  return (
    <li className="device-row" aria-labelledby={headingId}>
      <div className="device-what">
        <p className="device-title" id={headingId}>
          <bdi>{passkey.name}</bdi>
          {passkey.synced ? <span className="badge">{t('security.passkeys.synced')}</span> : null}
        </p>
        <p className="device-meta">
          <span>{t('security.passkeys.addedOn', { date: formatDate(passkey.created_at, i18n.language) })}</span>
          <span>
            {lastUsed && passkey.last_used_at ? (
              <time dateTime={passkey.last_used_at.toISOString()}>
                {t('security.devices.lastUsed', { when: t('security.activity.when', lastUsed) })}
              </time>
            ) : (
              t('security.passkeys.neverUsed')
            )}
          </span>
        </p>
      </div>
      <div className="actions device-action">
        <button type="button" className="button button-secondary" aria-describedby={headingId} onClick={onRename}>
          {t('security.passkeys.rename')}
        </button>
        <button type="button" className="button button-secondary" aria-describedby={headingId} onClick={onRemove}>
          {t('security.passkeys.remove')}
        </button>
      </div>
    </li>
  );
}

/** The player proves it is them, then the browser creates the passkey and the server keeps it. */
function AddPasskeyModal({
  account,
  onClose,
  onAdded,
}: {
  account: Account;
  onClose: () => void;
  onAdded: (added: Passkey) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const proof = useReauthentication(account);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const submit = useSubmit(async () => {
    setCancelled(false);
    const named = name.trim() === '' ? undefined : passkeyName.safeParse(name);
    setNameError(named !== undefined && !named.success);
    if (!proof.check() || (named !== undefined && !named.success)) return;
    if (!(await proof.verify())) return;
    try {
      const { options } = await api.call(passkeyOptions);
      const { createPasskey } = await import('../../lib/auth/passkey-browser.ts');
      const response = await createPasskey(options);
      if (!response) {
        setCancelled(true);
        return;
      }
      const added = await api.call(addPasskey, {
        body: { response: response as RegistrationResponse, ...(named?.success ? { name: named.data } : {}) },
      });
      await onAdded(added);
    } catch (error) {
      proof.expired(error);
      throw error;
    }
  });
  return (
    <ModalForm
      title={t('security.passkeys.addTitle')}
      submit={submit}
      submitLabel={t('security.passkeys.create')}
      onClose={onClose}
    >
      <p>{t('security.passkeys.addIntro')}</p>
      <TextField
        label={t('security.passkeys.name')}
        hint={t('security.passkeys.nameHint')}
        error={nameError ? t('security.passkeys.nameInvalid') : undefined}
        maxLength={64}
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {proof.fields}
      {cancelled ? <p role="status">{t('security.passkeys.cancelled')}</p> : null}
    </ModalForm>
  );
}

function RenamePasskeyModal({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey;
  onClose: () => void;
  /** With the renamed passkey, or null when it was removed meanwhile (another tab, another device). */
  onRenamed: (renamed: Passkey | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [name, setName] = useState(passkey.name);
  const [nameError, setNameError] = useState(false);
  const submit = useSubmit(async () => {
    const named = passkeyName.safeParse(name);
    setNameError(!named.success);
    if (!named.success) return;
    const renamed = await api
      .call(renamePasskey, { params: { id: passkey.id }, body: { name: named.data } })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.is('not_found')) return null;
        throw error;
      });
    await onRenamed(renamed);
  });
  return (
    <ModalForm
      title={t('security.passkeys.renameTitle')}
      submit={submit}
      submitLabel={t('account.save')}
      onClose={onClose}
    >
      <TextField
        label={t('security.passkeys.renameLabel')}
        error={nameError ? t('security.passkeys.nameInvalid') : undefined}
        maxLength={64}
        autoComplete="off"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
    </ModalForm>
  );
}

function RemovePasskeyModal({
  account,
  passkey,
  onClose,
  onRemoved,
}: {
  account: Account;
  passkey: Passkey;
  onClose: () => void;
  onRemoved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const proof = useReauthentication(account);
  const submit = useSubmit(async () => {
    if (!proof.check()) return;
    if (!(await proof.verify())) return;
    try {
      await doneIfGone(api.call(removePasskey, { params: { id: passkey.id } }));
    } catch (error) {
      proof.expired(error);
      throw error;
    }
    await onRemoved();
  });
  return (
    <ModalForm
      title={t('security.passkeys.removeTitle', { name: passkey.name })}
      submit={submit}
      submitLabel={t('security.passkeys.remove')}
      onClose={onClose}
      danger
    >
      <p>{t('security.passkeys.removeBody')}</p>
      {proof.fields}
    </ModalForm>
  );
}
