// The modals of spec 000 §4 for the account page: avatar, display name, email, country, date of
// birth and deleting the account. Each validates its fields before calling, and shows the call's
// error in the user's language.
import {
  deleteAccount,
  listAvatars,
  sendDeleteVerificationEmail,
  updateAvatar,
  updateCountry,
  updateDateOfBirth,
  updateEmail,
  updateUsername,
} from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useReauthentication } from '../../components/account/reauthentication.tsx';
import { useServices } from '../../lib/services.tsx';
import { CodeField, TextField } from '../../components/ui/field.tsx';
import { useDisplayNameField } from '../../components/account/display-name-field.tsx';
import { useEmailField } from '../../components/ui/email-field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { LocationFields } from '../../components/ui/location-fields.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { datePlaceholder, formatCalendarDate, parseCalendarDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { maskEmail } from '../../lib/mask-email.ts';

interface ModalProps {
  account: Account;
  onClose: () => void;
}

/** Saves the account a call answers and closes the modal. */
function useSave(onClose: () => void) {
  const services = useServices();
  return (account: Account) => {
    void services.account.set(account);
    onClose();
  };
}

export function AvatarModal({ account, onClose }: ModalProps) {
  const { t } = useTranslation();
  const services = useServices();
  const save = useSave(onClose);
  const [slug, setSlug] = useState(account.avatar?.slug ?? 'default');
  const avatars = useQuery({
    queryKey: ['avatars'],
    queryFn: () => services.api.call(listAvatars),
  });
  const submit = useSubmit(async () => save(await services.api.call(updateAvatar, { body: { avatar: slug } })));
  return (
    <ModalForm title={t('account.avatarTitle')} submit={submit} submitLabel={t('account.save')} onClose={onClose}>
      {avatars.isPending ? <Spinner /> : null}
      <FormError error={avatars.error} />
      {avatars.data ? (
        <fieldset className="avatar-grid">
          <legend className="visually-hidden">{t('account.avatarTitle')}</legend>
          {avatars.data.avatars.map((a, i) => (
            <label key={a.slug} className="avatar-choice">
              <input
                type="radio"
                name="avatar"
                value={a.slug}
                checked={slug === a.slug}
                onChange={() => setSlug(a.slug)}
              />
              <img
                src={a.image_url}
                alt={t('account.avatarOption', { n: i + 1, count: avatars.data.avatars.length })}
                width={72}
                height={72}
              />
            </label>
          ))}
        </fieldset>
      ) : null}
    </ModalForm>
  );
}

export function DisplayNameModal({ account, onClose }: ModalProps) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const save = useSave(onClose);
  const field = useDisplayNameField(account.username ?? '', 'nickname');
  const submit = useSubmit(async () => {
    const name = field.validate();
    if (name === null) return;
    try {
      save(await services.api.call(updateUsername, { body: { username: name } }));
    } catch (error) {
      if (field.showRefusal(error)) return;
      // 1002 names the day the name may change again: shown in the locale's date format.
      const date = error instanceof ApiError ? error.wire.body?.date : undefined;
      if (!(error instanceof ApiError) || typeof date !== 'string') throw error;
      throw new ApiError(error.status, {
        ...error.wire,
        body: { ...error.wire.body, date: formatCalendarDate(date, i18n.language) },
      });
    }
  });
  return (
    <ModalForm title={t('account.nameTitle')} submit={submit} submitLabel={t('account.save')} onClose={onClose}>
      {/* The first change is free: it does not start the wait (issue 28). */}
      <p>{t(account.username_change_free ? 'account.nameIntroFree' : 'account.nameIntro')}</p>
      {field.field}
    </ModalForm>
  );
}

/**
 * An email change, after the player proves it is them (issue 28, ADR 029): with the password, or
 * the authenticator without one, or a code mailed to the current address when the account has
 * neither. `onSaved`: the change waits for the code sent to the new address (the page moves there).
 */
export function EmailModal({ account, onClose, onSaved }: ModalProps & { onSaved?: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const save = useSave(onClose);
  const email = useEmailField('');
  const proof = useReauthentication(account);
  const submit = useSubmit(async () => {
    const address = email.validate();
    const proven = proof.check();
    if (!address || !proven) return;
    if (!(await proof.verify())) return;
    try {
      const updated = await services.api.call(updateEmail, { body: { email: address } });
      onSaved?.();
      save(updated);
    } catch (error) {
      proof.expired(error);
      throw error;
    }
  });
  return (
    <ModalForm title={t('account.emailTitle')} submit={submit} submitLabel={t('account.sendCode')} onClose={onClose}>
      <p>{t('account.emailIntro', { email: account.email })}</p>
      {email.field}
      {proof.fields}
    </ModalForm>
  );
}

export function CountryModal({ account, onClose }: ModalProps) {
  const { t } = useTranslation();
  const services = useServices();
  const save = useSave(onClose);
  const [country, setCountry] = useState(account.country ?? 'US');
  const [territory, setTerritory] = useState(account.territory ?? '');
  const submit = useSubmit(async () =>
    save(
      await services.api.call(updateCountry, {
        body: { country, territory: country === 'US' && territory ? territory : null },
      }),
    ),
  );
  return (
    <ModalForm title={t('account.countryTitle')} submit={submit} submitLabel={t('account.save')} onClose={onClose}>
      <LocationFields country={country} territory={territory} onCountry={setCountry} onTerritory={setTerritory} />
    </ModalForm>
  );
}

export function DateOfBirthModal({ account, onClose }: ModalProps) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const save = useSave(onClose);
  const [value, setValue] = useState(
    account.date_of_birth ? formatCalendarDate(account.date_of_birth, i18n.language) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const format = datePlaceholder(i18n.language);
  const submit = useSubmit(async () => {
    const date = parseCalendarDate(value, i18n.language);
    setError(date ? null : t('form.dateInvalid', { format }));
    if (!date) return;
    save(await services.api.call(updateDateOfBirth, { body: { date_of_birth: date } }));
  });
  return (
    <ModalForm title={t('account.dobTitle')} submit={submit} submitLabel={t('account.save')} onClose={onClose}>
      <TextField
        label={t('form.dateOfBirth')}
        hint={t('form.dateHint', { format })}
        inputMode="numeric"
        autoComplete="bday"
        placeholder={format}
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
    </ModalForm>
  );
}

/**
 * Says what is lost, asks the player to prove it is them (the password, the authenticator or a
 * passkey, when the account has a password or two-factor: issue 31), mails a code, and deletes the
 * account with it; then the player is signed out.
 */
export function DeleteAccountModal({ account, onClose }: ModalProps) {
  const { t } = useTranslation();
  const services = useServices();
  const [sent, setSent] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [code, setCode] = useState('');
  const proof = useReauthentication(account, { mailboxEnough: true });
  const send = useSubmit(async () => {
    if (!proof.check()) return;
    if (!(await proof.verify())) return;
    await services.api.call(sendDeleteVerificationEmail);
    setSent(true);
  });
  const remove = useSubmit(async () => {
    try {
      await services.api.call(deleteAccount, { body: { code } });
    } catch (error) {
      // The proof grew too old while the code was on its way: ask for it again, saying why.
      if (!proof.expired(error)) throw error;
      setSent(false);
      send.setError(error);
      return;
    }
    setDeleted(true);
  });
  if (deleted) {
    return (
      <Modal
        open
        dismissible={false}
        title={t('account.deletedTitle')}
        actions={
          <button type="button" className="button" onClick={() => void services.logout()}>
            {t('account.deletedClose')}
          </button>
        }
      >
        <p>{t('account.deletedBody')}</p>
      </Modal>
    );
  }
  return (
    <ModalForm
      title={t('account.deleteTitle')}
      submit={sent ? remove : send}
      submitLabel={sent ? t('account.deleteConfirm') : t('account.sendCode')}
      onClose={onClose}
      danger={sent}
    >
      <p>{t('account.deleteLoses')}</p>
      <ul className="loses-list">
        <li>{t('account.deleteLosesProfile')}</li>
        <li>{t('account.deleteLosesLinks')}</li>
        <li>{t('account.deleteLosesFriends')}</li>
        <li>{t('account.deleteLosesPlaytests')}</li>
      </ul>
      <p>{t('account.deleteFinal')}</p>
      {!sent ? proof.fields : null}
      {sent ? (
        <>
          <p role="status">{t('signIn.codeSentTo', { email: maskEmail(account.email ?? '') })}</p>
          <CodeField value={code} onChange={setCode} />
        </>
      ) : null}
    </ModalForm>
  );
}
