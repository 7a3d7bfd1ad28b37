// /account (spec 000 §2 "Account settings"): avatar, display name, email (a pending change shows
// until its code is entered), country, date of birth, language, emails, and deleting the account.
// Each change opens its modal; the saved account replaces the one in the session store.
import { SignOutOthersOffer } from '../../components/account/sign-out-others-offer.tsx';
import {
  getPrivacy,
  updateEmailPreferences,
  updateLocale,
  updateMarketing,
  updatePrivacy,
} from '@portal/contract/calls/accounts-me';
import type { searchPrivacy } from '@portal/contract/calls/accounts-me';
import type { Account } from '@portal/contract/calls/entities';
import type { z } from 'zod';
import { USERNAME_CHANGE_INTERVAL_DAYS } from '@portal/contract/data/constants';
import { findLocale, LOCALES } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useServices, useSession } from '../../lib/services.tsx';
import { VerifyEmailModal } from '../../components/account/verify-email-modal.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCalendarDate, formatDate } from '../../lib/dates.ts';
import { changeLocale } from '../../lib/i18n/locale.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { PendingEmail } from './pending-email.tsx';
import {
  AvatarModal,
  CountryModal,
  DateOfBirthModal,
  DeleteAccountModal,
  DisplayNameModal,
  EmailModal,
} from './profile-modals.tsx';

type SearchPrivacy = z.output<typeof searchPrivacy>;

type ModalKind = 'avatar' | 'name' | 'email' | 'verify' | 'country' | 'dob' | 'delete';

/** The signed-in account and a way to replace it after a change. */
export function useAccount(): [Account | null, (account: Account) => void] {
  const services = useServices();
  const { account } = useSession();
  return [account, (next) => services.account.set(next)];
}

function Row({ label, value, action }: { label: string; value: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="settings-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
      {action ? <dd className="settings-action">{action}</dd> : null}
    </div>
  );
}

export function AccountPage() {
  const { t, i18n } = useTranslation();
  const [account] = useAccount();
  const [modal, setModal] = useState<ModalKind | null>(null);
  // An email change was just asked for: its code field takes the focus (issue 28).
  const [emailChanged, setEmailChanged] = useState(false);
  const nameLockId = useId();
  // The new address verified (the account's email is another one now): offer to sign out the other
  // devices (ASVS 7.4.3, issue 31), and say what it did.
  const [offerSignOut, setOfferSignOut] = useState(false);
  const [signOutNotice, setSignOutNotice] = useState<string | null>(null);
  const email = account?.email ?? null;
  const emailWas = useRef(email);
  useEffect(() => {
    if (emailWas.current !== null && email !== null && email !== emailWas.current) setOfferSignOut(true);
    emailWas.current = email;
  }, [email]);
  if (!account) return <Spinner />;
  const close = () => setModal(null);
  /** A row's Change button; a change not allowed now is disabled, described by the reason shown. */
  const change = (kind: ModalKind, label: string, lockedBy?: string) => (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={() => setModal(kind)}
      disabled={lockedBy !== undefined}
      aria-describedby={lockedBy}
    >
      {label}
    </button>
  );
  const countryName = account.country
    ? (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(account.country) ?? account.country)
    : t('account.notSet');
  const nextNameChange =
    !account.can_change_username && account.username_updated_at
      ? formatDate(
          new Date(new Date(account.username_updated_at).getTime() + USERNAME_CHANGE_INTERVAL_DAYS * 86_400_000),
          i18n.language,
        )
      : null;
  return (
    <Page title={t('screen.account.title')} wide>
      <div className="stack">
        {signOutNotice ? (
          <div className="notice" role="status">
            <p>{signOutNotice}</p>
          </div>
        ) : null}
        {offerSignOut && modal === null ? (
          <SignOutOthersOffer onNotice={setSignOutNotice} onDone={() => setOfferSignOut(false)} />
        ) : null}
        <section className="card" aria-labelledby="profile-heading">
          <h2 id="profile-heading">{t('account.profile')}</h2>
          <div className="avatar-row">
            <img
              className="avatar"
              src={account.avatar?.image_url}
              alt={t('account.avatarAlt')}
              width={96}
              height={96}
            />
            {change('avatar', t('account.changeAvatar'))}
          </div>
          <dl className="settings-list">
            <Row
              label={t('form.displayName')}
              value={
                <>
                  <span>{account.username}</span>
                  {nextNameChange ? (
                    <span id={nameLockId} className="field-hint">
                      {t('account.nameAgainOn', { date: nextNameChange })}
                    </span>
                  ) : null}
                </>
              }
              action={change('name', t('account.change'), nextNameChange ? nameLockId : undefined)}
            />
            <Row
              label={t('form.email')}
              value={
                <>
                  <bdi>{account.email}</bdi>
                  {!account.email_verified ? <span className="badge">{t('account.notVerified')}</span> : null}
                  {!account.email_verified && !account.email_pending ? (
                    <button type="button" className="link-button link" onClick={() => setModal('verify')}>
                      {t('verify.submit')}
                    </button>
                  ) : null}
                </>
              }
              action={change('email', t('account.change'))}
            />
            <Row label={t('form.country')} value={countryName} action={change('country', t('account.change'))} />
            <Row
              label={t('form.dateOfBirth')}
              value={
                account.date_of_birth ? formatCalendarDate(account.date_of_birth, i18n.language) : t('account.notSet')
              }
              action={change('dob', t('account.change'))}
            />
          </dl>
          {account.email_pending ? (
            <PendingEmail account={account} focusCode={emailChanged} onFocused={() => setEmailChanged(false)} />
          ) : null}
        </section>
        <LanguageCard account={account} />
        <EmailsCard account={account} />
        <FriendsSearchCard />
        <section className="card danger-zone" aria-labelledby="delete-heading">
          <h2 id="delete-heading">{t('account.deleteTitle')}</h2>
          <p>{t('account.deleteIntro')}</p>
          <button type="button" className="button button-danger" onClick={() => setModal('delete')}>
            {t('account.deleteAction')}
          </button>
        </section>
      </div>
      {modal === 'avatar' ? <AvatarModal account={account} onClose={close} /> : null}
      {modal === 'name' ? <DisplayNameModal account={account} onClose={close} /> : null}
      {modal === 'email' ? (
        <EmailModal account={account} onClose={close} onSaved={() => setEmailChanged(true)} />
      ) : null}
      {modal === 'verify' ? <VerifyEmailModal account={account} onClose={close} onVerified={close} /> : null}
      {modal === 'country' ? <CountryModal account={account} onClose={close} /> : null}
      {modal === 'dob' ? <DateOfBirthModal account={account} onClose={close} /> : null}
      {modal === 'delete' ? <DeleteAccountModal account={account} onClose={close} /> : null}
    </Page>
  );
}

/** The language of the account (mails) and of the portal: both change together. */
function LanguageCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const services = useServices();
  const [, setAccount] = useAccount();
  const id = useId();
  const save = useSubmit(async (locale: LocaleTag) => {
    setAccount(await services.api.call(updateLocale, { body: { locale } }));
    await changeLocale(locale);
  });
  const current = findLocale(account.locale ?? 'en-US')?.tag ?? 'en-US';
  return (
    <section className="card" aria-labelledby="language-heading">
      <h2 id="language-heading">{t('account.languageTitle')}</h2>
      <div className="field">
        <label htmlFor={id}>{t('account.language')}</label>
        <select
          id={id}
          value={current}
          disabled={save.pending}
          onChange={(e) => void save.run(e.target.value as LocaleTag)}
        >
          {LOCALES.map((locale) => (
            <option key={locale.tag} value={locale.tag} lang={locale.tag}>
              {locale.nativeName}
            </option>
          ))}
        </select>
      </div>
      <FormError error={save.error} />
    </section>
  );
}

/** A choice saved as soon as it changes: it shows the new state at once and goes back if saving fails. */
function SavedCheckbox<T>({
  label,
  saved,
  save,
  onSaved,
}: {
  label: string;
  saved: boolean;
  save: (on: boolean) => Promise<T>;
  onSaved: (answer: T) => void;
}) {
  const [checked, setChecked] = useState(saved);
  const submit = useSubmit(async (on: boolean) => {
    setChecked(on);
    try {
      onSaved(await save(on));
    } catch (error) {
      setChecked(!on);
      throw error;
    }
  });
  return (
    <>
      <CheckboxField
        label={label}
        checked={checked}
        disabled={submit.pending}
        onChange={(e) => void submit.run(e.target.checked)}
      />
      <FormError error={submit.error} />
    </>
  );
}

/** Marketing mails and friend-request notifications, saved as soon as they change. */
function EmailsCard({ account }: { account: Account }) {
  const { t } = useTranslation();
  const services = useServices();
  const [, setAccount] = useAccount();
  const [saved, setSaved] = useState(false);
  const onSaved = (next: Account) => {
    setAccount(next);
    setSaved(true);
  };
  return (
    <section className="card" aria-labelledby="emails-heading">
      <h2 id="emails-heading">{t('account.emailsTitle')}</h2>
      <SavedCheckbox
        label={t('signUp.marketing')}
        saved={account.marketing_opt_in}
        save={(on) => services.api.call(updateMarketing, { body: { marketing_opt_in: on } })}
        onSaved={onSaved}
      />
      <SavedCheckbox
        label={t('notifications.friendRequests')}
        saved={account.email_notification_preferences.friend_request}
        save={(on) => services.api.call(updateEmailPreferences, { body: { friend_request: on } })}
        onSaved={onSaved}
      />
      <p role="status" className="field-hint">
        {saved ? t('account.saved') : ''}
      </p>
    </section>
  );
}

const PRIVACY_KEY = ['search-privacy'] as const;

/** Whether other players can find the account in the friends search, saved as soon as it changes. */
function FriendsSearchCard() {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const privacy = useQuery({ queryKey: PRIVACY_KEY, queryFn: ({ signal }) => api.call(getPrivacy, {}, { signal }) });
  const [saved, setSaved] = useState(false);
  const onSaved = (answer: SearchPrivacy) => {
    queryClient.setQueryData(PRIVACY_KEY, answer);
    setSaved(true);
  };
  const save = (body: Partial<SearchPrivacy>) => api.call(updatePrivacy, { body });
  return (
    <section className="card" aria-labelledby="friends-search-heading">
      <h2 id="friends-search-heading">{t('account.friendsSearchTitle')}</h2>
      <p className="field-hint">{t('account.friendsSearchIntro')}</p>
      {privacy.data ? (
        <>
          <SavedCheckbox
            label={t('account.findByUsername')}
            saved={privacy.data.find_by_username}
            save={(on) => save({ find_by_username: on })}
            onSaved={onSaved}
          />
          <SavedCheckbox
            label={t('account.findByEmail')}
            saved={privacy.data.find_by_email}
            save={(on) => save({ find_by_email: on })}
            onSaved={onSaved}
          />
          <p role="status" className="field-hint">
            {saved ? t('account.saved') : ''}
          </p>
        </>
      ) : (
        <ScreenState
          status={privacy.isError ? 'error' : 'skeletonLoading'}
          skeletonRows={2}
          onRetry={() => void privacy.refetch()}
        >
          {null}
        </ScreenState>
      )}
    </section>
  );
}
