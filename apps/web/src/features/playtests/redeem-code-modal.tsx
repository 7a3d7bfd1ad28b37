// "Redeem a code" (POST /betas/me/redeem): a campaign or referral code, and the playtest terms (its
// redemption agreement) accepted with a checkbox. On the campaign page the code is the page's own.
import { redeem } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { campaignCode } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { CheckboxField, TextField } from '../../components/ui/field.tsx';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';

export function RedeemCodeModal({
  beta,
  code: givenCode,
  onClose,
  onRedeemed,
}: {
  /** The playtest the code is for: its title and agreement. */
  beta: Beta;
  /** The code to redeem (the campaign page's); without it, the player types one. */
  code?: string;
  onClose: () => void;
  onRedeemed: (beta: Beta) => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [typed, setTyped] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [problems, setProblems] = useState<{ code: boolean; terms: boolean }>({ code: false, terms: false });
  const title = resolved(beta.title, i18n.language) ?? '';
  const agreement = resolved(beta.redemption_agreement, i18n.language);
  const submit = useSubmit(async () => {
    const code = campaignCode.safeParse(givenCode ?? typed);
    const found = { code: !code.success, terms: !accepted };
    setProblems(found);
    if (!code.success || !accepted) return;
    onRedeemed(await api.call(redeem, { body: { code: code.data, beta_tos: true } }));
  });
  return (
    <ModalForm
      title={t('playtests.redeemCodeFor', { title })}
      submit={submit}
      submitLabel={t('playtests.redeem')}
      onClose={onClose}
    >
      {givenCode === undefined ? (
        <TextField
          label={t('playtests.codeLabel')}
          hint={t('playtests.codeHint')}
          error={problems.code ? t('playtests.codeInvalid') : null}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      ) : (
        <p>
          {t('playtests.codeToRedeem')}{' '}
          <code dir="ltr" translate="no" className="playtest-inline-code">
            {givenCode}
          </code>
        </p>
      )}
      {agreement ? (
        <div className="playtest-terms" tabIndex={0} role="region" aria-label={t('playtests.termsLabel')}>
          {agreement}
        </div>
      ) : null}
      <CheckboxField
        label={t('playtests.termsAccept')}
        error={problems.terms && !accepted ? t('playtests.termsRequired') : null}
        checked={accepted}
        onChange={(e) => setAccepted(e.target.checked)}
      />
    </ModalForm>
  );
}
