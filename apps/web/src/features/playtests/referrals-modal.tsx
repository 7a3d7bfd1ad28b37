// "Referral codes" (GET and POST /betas/me/referrals): the player's codes for friends, each redeemable
// once and marked when redeemed, "2 of 5 used" (codes redeemed by friends of the most allowed), a copy
// button on each, and a new code until the most allowed is reached.
import { createReferral } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../components/ui/form-error.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';
import { pluralKey } from '../../lib/i18n/plural.ts';
import { atReferralMaximum, referralsUsed } from './card-actions.ts';
import type { Referrals } from './card-actions.ts';
import { CopyButton } from './copy-button.tsx';
import { referralsKey, useReferrals } from './use-playtests.ts';

export function ReferralsModal({ beta, onClose }: { beta: Beta; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const query = useReferrals(beta.id);
  const [created, setCreated] = useState<string | null>(null);
  const create = useSubmit(async () => {
    setCreated(null);
    const code = await api.call(createReferral, { body: { beta_id: beta.id } });
    queryClient.setQueryData<Referrals>(referralsKey(beta.id), (shown) =>
      shown ? { ...shown, referral_codes: [...shown.referral_codes, code] } : shown,
    );
    void queryClient.invalidateQueries({ queryKey: referralsKey(beta.id) });
    setCreated(code.code);
  });
  const data = query.data;
  const full = data ? atReferralMaximum(data) : true;
  return (
    <Modal
      open
      title={t('playtests.referralsFor', { title: resolved(beta.title, i18n.language) ?? '' })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('playtests.close')}
          </button>
          <button type="button" className="button" disabled={full || create.pending} onClick={() => void create.run()}>
            {t('playtests.referralCreate')}
          </button>
        </>
      }
    >
      <p>{t('playtests.referralsIntro')}</p>
      {data ? (
        <>
          <p className="playtest-referral-count">
            {data.referral_max_count === null
              ? t(pluralKey('playtests.referralsMade', data.referral_codes.length, i18n.language), {
                  count: data.referral_codes.length,
                })
              : t('playtests.referralsUsed', { count: referralsUsed(data), max: data.referral_max_count })}
          </p>
          {data.referral_codes.length === 0 ? (
            <p>{t('playtests.referralsNone')}</p>
          ) : (
            <ul className="playtest-referrals">
              {data.referral_codes.map((referral) => (
                <li key={referral.code} className="playtest-referral">
                  <code dir="ltr" translate="no" className="playtest-inline-code">
                    {referral.code}
                  </code>
                  <span className={referral.redeemed ? 'badge' : 'badge badge-on'}>
                    {referral.redeemed
                      ? referral.redeemed_at
                        ? t('playtests.referralRedeemedOn', { date: formatDate(referral.redeemed_at, i18n.language) })
                        : t('playtests.referralRedeemed')
                      : t('playtests.referralOpen')}
                  </span>
                  {referral.redeemed ? null : (
                    <CopyButton text={referral.code} label={t('playtests.copyCode', { code: referral.code })} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {full ? <p className="field-hint">{t('playtests.referralsAtMaximum')}</p> : null}
        </>
      ) : (
        <ScreenState status={query.isError ? 'error' : 'skeletonLoading'} onRetry={() => void query.refetch()}>
          {null}
        </ScreenState>
      )}
      <p role="status" className="playtest-status">
        {created ? t('playtests.referralCreated', { code: created }) : ''}
      </p>
      <FormError error={create.error} />
    </Modal>
  );
}
