// The modals of a playtest card, and what each says once done.
import type { Beta } from '@portal/contract/calls/entities';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { resolved } from './beta-texts.ts';
import { LeaveModal } from './leave-modal.tsx';
import { PreferencesModal } from './preferences-modal.tsx';
import { RedeemCodeModal } from './redeem-code-modal.tsx';
import { ReferralsModal } from './referrals-modal.tsx';
import { TermsModal } from './terms-modal.tsx';

export type CardModalKind = 'redeem' | 'preferences' | 'leave' | 'referrals' | 'terms';

export function CardModal({
  kind,
  beta,
  onClose,
  onDone,
  onStale,
  onLeft,
}: {
  kind: CardModalKind;
  beta: Beta;
  onClose: () => void;
  /** Done: what to say, and the playtest as the server now answers it. */
  onDone: (notice: string, beta?: Beta) => void;
  onStale: () => void;
  onLeft: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  switch (kind) {
    case 'redeem':
      return (
        <RedeemCodeModal
          beta={beta}
          onClose={onClose}
          onRedeemed={(answer) =>
            onDone(t('playtests.redeemed', { title: resolved(answer.title, i18n.language) ?? '' }), answer)
          }
        />
      );
    case 'preferences':
      return (
        <PreferencesModal
          beta={beta}
          onClose={onClose}
          onStale={onStale}
          onSaved={(answer) => onDone(t('playtests.preferencesSaved'), answer)}
        />
      );
    case 'leave':
      return <LeaveModal beta={beta} onClose={onClose} onLeft={onLeft} />;
    case 'referrals':
      return <ReferralsModal beta={beta} onClose={onClose} />;
    case 'terms':
      return beta.campaign_code ? (
        <TermsModal
          beta={beta}
          code={beta.campaign_code.code}
          onClose={onClose}
          onAccepted={(answer) => onDone(t('playtests.termsAccepted'), answer)}
        />
      ) : null;
  }
}
