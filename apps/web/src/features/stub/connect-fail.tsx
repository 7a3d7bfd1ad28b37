// /connect-fail (spec 000 §2 and §4 "Consolidation"): the stub could not move into the account. The
// query carries errorCode, linkName and serverGameName (the account's email is the signed-in
// account's, never in the address); the edge-case options: sign in to a different account, create a
// new account (from the stub), cancel linking, contact support.
import { signOut } from '@portal/contract/calls/sessions';
import { ERRORS } from '@portal/contract/errors/catalogue';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { resumeStubSession, stubOf } from '../../flows/stub-flow.ts';
import { continueFlow } from '../../flows/continue-flow.ts';
import { gameOf } from '../../flows/flow-facts.ts';
import { href } from '../../lib/router/route-table.ts';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { errorMessageKey } from '../../lib/i18n/error-keys.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSession } from '../../lib/services.tsx';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { platformLabel } from './stub-facts.ts';
import { useCancelLinking } from './use-cancel-linking.ts';
import './stub.css';

export function ConnectFail() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const flow = useFlow();
  const cancel = useCancelLinking();
  const query = new URLSearchParams(useLocation().search);
  const code = Number(query.get('errorCode'));
  const link = platformLabel(query.get('linkName'));
  const game = query.get('serverGameName');
  const email = useSession().account?.email ?? null;
  useStepFocus('fail');
  const key = errorMessageKey(
    { hydraErrorCode: Number.isInteger(code) && code > 0 ? code : null, code: null },
    services.debug,
  );
  // The account links the stub's platform with another identity: said as what happened, and what
  // may be done (only support changes a restricted platform's; the player may disconnect another's).
  const otherIdentity =
    link !== null && (code === ERRORS.unlink_restricted.code || code === ERRORS.platform_link_already_exists.code);
  const hasStub = Boolean(stubOf(flow)?.token);

  /** Signs the account that could not take the stub out (its session only), then sign-in again. */
  const otherAccount = async () => {
    await services.api.call(signOut, {}).catch(() => undefined);
    const stub = stubOf(services.flow.get());
    services.session.clear();
    services.flow.send({ type: 'consolidationStarted', token: stub?.token ?? '', refresh: stub?.refresh ?? null });
    navigate(href('sign-in'), { replace: true });
  };
  const newAccount = async () => {
    await services.api.call(signOut, {}).catch(() => undefined);
    if (!resumeStubSession(services)) return;
    // The stub's account in the browser again: the sign-up completes it (its progress and links stay),
    // instead of making an account beside it.
    await services.account.refresh();
    // A game that registers without credentials: from its age and location (rules 4 and 8).
    if (gameOf(services.flow.get())?.requireCredentials === false) return continueFlow(services);
    navigate(href('sign-up'), { replace: true });
  };

  return (
    <Page title={t('screen.connect-fail.title')}>
      <p className="lead-text" role="alert">
        {otherIdentity
          ? t('stub.fail.otherIdentity', { platform: link })
          : t(key, { platform: link ?? '', game: game ?? '' })}
      </p>
      {otherIdentity ? (
        <p>
          {t(
            code === ERRORS.unlink_restricted.code
              ? 'stub.fail.otherIdentitySupport'
              : 'stub.fail.otherIdentityDisconnect',
            { platform: link },
          )}
        </p>
      ) : null}
      <p>{email ? t('stub.fail.edgeCaseEmail', { email }) : t('stub.fail.edgeCase')}</p>
      {link || game ? (
        <dl className="stub-fail-facts">
          {link ? (
            <div>
              <dt>{t('stub.fail.platform')}</dt>
              <dd>{link}</dd>
            </div>
          ) : null}
          {game ? (
            <div>
              <dt>{t('stub.fail.game')}</dt>
              <dd>
                <bdi>{game}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <h2 className="stub-options-title">{t('stub.fail.options')}</h2>
      <div className="stub-options">
        {hasStub ? (
          <>
            <button type="button" className="button" onClick={() => void otherAccount()}>
              {t('stub.fail.otherAccount')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => void newAccount()}>
              {t('stub.fail.newAccount')}
            </button>
          </>
        ) : null}
        <button type="button" className="button button-secondary" onClick={cancel}>
          {t('stub.fail.cancel')}
        </button>
        {services.config.links.support ? (
          <a
            className="button button-secondary"
            href={services.config.links.support}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('stub.fail.support')}
          </a>
        ) : null}
      </div>
    </Page>
  );
}
