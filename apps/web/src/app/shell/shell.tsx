// The root layout: applies the guard decision to every navigation, then renders the screen inside
// the header and footer. Guard failures are logged and lead to sign-in (spec 000 §8).
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useBlocker, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { debugSettings } from '../../lib/environment.ts';
import { isMaintenance } from '../../lib/runtime-config.ts';
import { guardState } from '../routing/guard-state.ts';
import { decide } from '../routing/guards.ts';
import type { GuardDecision } from '../routing/guards.ts';
import { SIGN_IN_PATH } from '../routing/route-table.ts';
import { ErrorScreen, NotFoundScreen, SessionVerifyScreen } from '../screens/error-screens.tsx';
import { useFlow, useServices, useSession } from '../services.tsx';
import { ChunkErrorBoundary } from './chunk-error.tsx';
import { DebugBar } from './debug-bar.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

function useDecision(): GuardDecision {
  const location = useLocation();
  const services = useServices();
  const session = useSession();
  const flow = useFlow();
  return useMemo(() => {
    try {
      const state = guardState({
        maintenance: isMaintenance(services.config),
        settings: services.settings,
        session,
        flow,
        debugSettings: debugSettings(services.debug),
      });
      return decide({ pathname: location.pathname, search: location.search }, state);
    } catch (error) {
      console.error('route guard failed', error);
      return { kind: 'redirect', to: SIGN_IN_PATH, guard: 'public' };
    }
  }, [location.pathname, location.search, services, session, flow]);
}

function GuardRedirect({ decision }: { decision: GuardDecision & { kind: 'redirect' } }) {
  const { session } = useServices();
  if (decision.loginRedirect) session.loginRedirect = decision.loginRedirect;
  if (decision.consentTarget) session.consentTarget = decision.consentTarget;
  return <Navigate to={decision.to} replace />;
}

export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const { analytics, sessionVerifyFailed } = useServices();
  const decision = useDecision();
  const blockBack = decision.kind === 'allow' && decision.blockBack;
  const blocker = useBlocker(({ historyAction }) => blockBack && historyAction === 'POP');
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  const shown = decision.kind === 'redirect' ? null : decision.kind;
  const section = decision.kind === 'allow' ? decision.section : 'system';
  useEffect(() => {
    if (shown !== null) analytics.pageView(location.pathname, section);
  }, [analytics, location.pathname, shown, section]);

  if (decision.kind === 'redirect') return <GuardRedirect decision={decision} />;
  let content;
  if (decision.kind === 'not-found') content = <NotFoundScreen />;
  else if (decision.kind === 'error') content = <ErrorScreen />;
  else if (sessionVerifyFailed && !decision.route.meta.public) content = <SessionVerifyScreen />;
  else
    content = (
      <ChunkErrorBoundary key={location.pathname} fallback={<ErrorScreen />}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </ChunkErrorBoundary>
    );
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <DebugBar />
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        {content}
      </main>
      <Footer />
    </div>
  );
}
