// /prompt-sign-in (rule 10): a player holding a stub account chooses to move it into the account
// they have (sign in: the consolidation) or to make it a new account of its own (the completion).
// A game that registers without credentials (registration_require_credentials false, spec 000 §4)
// asks no email: the completion starts at age and location (rule 4), then the display name.
import { continueFlow } from '../../flows/continue-flow.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { startConsolidation } from '../../flows/stub-flow.ts';
import { href } from '../../lib/router/route-table.ts';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { gameOf } from '../../flows/flow-facts.ts';
import { stubFacts } from './stub-facts.ts';
import { useCancelLinking } from './use-cancel-linking.ts';
import './stub.css';

export function PromptSignIn() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const flow = useFlow();
  const { game, platform } = stubFacts(flow);
  const withoutCredentials = gameOf(flow)?.requireCredentials === false;
  const cancel = useCancelLinking();
  useStepFocus('prompt');
  const signIn = () => {
    startConsolidation(services);
    void continueFlow(services);
  };
  const createAccount = () => {
    if (!withoutCredentials) return navigate(href('sign-up'));
    services.flow.send({ type: 'remediationStarted' });
    void continueFlow(services);
  };
  return (
    <Page title={t('screen.prompt-sign-in.title')}>
      <p className="lead-text">
        {game && platform ? t('stub.prompt.bodyGame', { game, platform }) : t('stub.prompt.body')}
      </p>
      <div className="stub-choices">
        <section className="stub-choice" aria-labelledby="stub-have-account">
          <h2 id="stub-have-account">{t('stub.prompt.haveAccount')}</h2>
          <p>{t('stub.prompt.haveAccountBody')}</p>
          <button type="button" className="button" onClick={signIn}>
            {t('stub.prompt.signIn')}
          </button>
        </section>
        <section className="stub-choice" aria-labelledby="stub-new-account">
          <h2 id="stub-new-account">{t('stub.prompt.newAccount')}</h2>
          <p>{withoutCredentials ? t('stub.prompt.newAccountBodyNoEmail') : t('stub.prompt.newAccountBody')}</p>
          <button type="button" className="button button-secondary" onClick={createAccount}>
            {t('stub.prompt.create')}
          </button>
        </section>
      </div>
      <div className="form-links">
        <button type="button" className="link-button link" onClick={cancel}>
          {t('stub.cancel')}
        </button>
      </div>
    </Page>
  );
}
