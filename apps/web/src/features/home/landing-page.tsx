// /landing-page: where a player arriving from a game (platform-first account) starts. In the stub
// flow (rule 6: the browser holds the stub the console signed in as) it names the game and the
// platform they played on, and goes on to the sign-in prompt; otherwise it offers sign-in or sign-up.
import { continueFlow } from '../../flows/continue-flow.ts';
import { gameOf } from '../../flows/flow-facts.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { stubOf } from '../../flows/stub-flow.ts';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Page } from '../../components/ui/page.tsx';
import { useSession } from '../../lib/services.tsx';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { SignInLinks } from './sign-in-links.tsx';

export function LandingPage() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const flow = useFlow();
  const stub = useSession().account?.stub === true;
  useStepFocus(stub ? 'stub-landing' : 'landing');
  if (!stub) {
    return (
      <Page title={t('landing.title')}>
        <p className="lead-text">{t('landing.body')}</p>
        <div className="actions">
          <SignInLinks />
        </div>
      </Page>
    );
  }
  const game = gameOf(flow)?.name;
  const platformId = stubOf(flow)?.platform;
  const platform = platformId ? (PLATFORM_CATALOGUE[platformId as PlatformId]?.name ?? platformId) : null;
  const next = () => {
    services.flow.send({ type: 'signInStarted', email: null });
    void continueFlow(services);
  };
  return (
    <Page title={t('landing.title')}>
      <p className="lead-text">
        {game && platform ? t('landing.stubBody', { game, platform }) : t('landing.stubBodyPlain')}
      </p>
      <p>{t('landing.stubWhy')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={next}>
          {t('form.continue')}
        </button>
      </div>
    </Page>
  );
}
