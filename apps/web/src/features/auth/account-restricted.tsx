// /account-restricted (issue 30): what a player whose account is banned or on hold is told, from the
// notice the refused call carried (kept in this tab, lib/auth/restriction.ts): a suspension until a
// date, a ban without end, a hold (their data and links are kept), with the reason, the team's note
// and the way to support; a suspension that has ended by now offers sign-in; no notice (the address
// typed, the tab's storage gone) says it generically.
import { useState } from 'react';
import { RestrictionFacts, RestrictionHelp, RestrictionNote, useMoment } from '../../components/restriction.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { keptRestriction, restrictionView } from '../../lib/auth/restriction.ts';
import type { RestrictionView } from '../../lib/auth/restriction.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { href } from '../../lib/router/route-table.ts';
import { Link } from '../../lib/router/router.tsx';

/** Why an account is on hold, in a sentence (a code this version does not know: under review). */
const BLOCK_WHY: Record<string, MessageKey> = {
  suspected_takeover: 'restriction.block.why.suspected_takeover',
  legal_hold: 'restriction.block.why.legal_hold',
  under_review: 'restriction.block.why.under_review',
};

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Link className="button button-secondary" to={href('sign-in')}>
      {t('restriction.backToSignIn')}
    </Link>
  );
}

export function AccountRestricted({ now = () => new Date() }: { now?: () => Date }) {
  // Read once, when the page opens: the view stays as it was while the player reads it.
  const [view] = useState<RestrictionView>(() => restrictionView(keptRestriction(), now()));
  useStepFocus(view.kind);
  return <RestrictionPage view={view} />;
}

export function RestrictionPage({ view }: { view: RestrictionView }) {
  const { t } = useTranslation();
  const moment = useMoment();
  switch (view.kind) {
    case 'none':
      return (
        <Page title={t('screen.account-restricted.title')}>
          <p className="lead-text">{t('restriction.none.body')}</p>
          <RestrictionHelp title="restriction.help.title" body="restriction.appeal.body">
            <BackToSignIn />
          </RestrictionHelp>
        </Page>
      );
    case 'ended':
      return (
        <Page title={t('restriction.ended.title')}>
          <p className="lead-text">{t('restriction.ended.body', { date: moment(view.endsAt) })}</p>
          <div className="actions">
            <Link className="button" to={href('sign-in')}>
              {t('home.signIn')}
            </Link>
          </div>
        </Page>
      );
    case 'block':
      return (
        <Page title={t('restriction.block.title')}>
          <p className="lead-text">{t(BLOCK_WHY[view.notice.reason] ?? 'restriction.block.why.under_review')}</p>
          <p>{t('restriction.block.kept')}</p>
          <RestrictionFacts notice={view.notice} withReason={false} />
          <RestrictionNote note={view.notice.note} />
          <RestrictionHelp title="restriction.help.title" body="restriction.block.help">
            <BackToSignIn />
          </RestrictionHelp>
        </Page>
      );
    case 'ban':
    case 'permanent':
      return (
        <Page title={t(view.kind === 'ban' ? 'restriction.ban.title' : 'restriction.permanent.title')}>
          <p className="lead-text">
            {view.kind === 'ban'
              ? t('restriction.ban.until', { date: moment(view.endsAt) })
              : t('restriction.permanent.body')}
          </p>
          <RestrictionFacts notice={view.notice} />
          <RestrictionNote note={view.notice.note} />
          <RestrictionHelp title="restriction.appeal.title" body="restriction.appeal.body">
            <BackToSignIn />
          </RestrictionHelp>
        </Page>
      );
  }
}
