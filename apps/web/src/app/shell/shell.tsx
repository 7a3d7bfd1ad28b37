// The root layout: applies the guard decision to every navigation, then renders the screen inside
// the header and footer. Guard failures are logged and lead to sign-in (spec 000 §8).
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { debugSettings } from '../../lib/environment.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { history } from '../../lib/router/history.ts';
import { Navigate, RouteParamsContext, useLocation } from '../../lib/router/router.tsx';
import { isMaintenance } from '../../lib/runtime-config.ts';
import { guardState } from '../routing/guard-state.ts';
import { decide } from '../routing/guards.ts';
import type { GuardDecision } from '../routing/guards.ts';
import { href } from '../../lib/router/route-table.ts';
import { RouteScreen } from '../routing/screens.tsx';
import { ErrorScreen, NotFoundScreen, SessionVerifyScreen } from '../../components/error-screens.tsx';
import { useServices, useSession } from '../../lib/services.tsx';
import { useFlow } from '../../flows/flow-services.tsx';
import { ChunkErrorBoundary, ShellErrorBoundary } from './chunk-error.tsx';
import { useReloadOnLoadFailure } from './reload-prompt.ts';
import { ReloadPrompt } from './shell-modals.tsx';
/** Only debug mode shows the environment bar: it loads then. */
const DebugBar = lazy(() => import('./debug-bar.tsx').then((m) => ({ default: m.DebugBar })));
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SectionNav } from './section-nav.tsx';
import { isLoggedIn } from '../../lib/auth/session-store.ts';

function useDecision(pathname: string, search: string): GuardDecision {
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
      return decide({ pathname, search }, state);
    } catch (error) {
      console.error('route guard failed', error);
      return { kind: 'redirect', to: href('sign-in'), guard: 'public' };
    }
  }, [pathname, search, services, session, flow]);
}

function GuardRedirect({ decision }: { decision: GuardDecision & { kind: 'redirect' } }) {
  const { session } = useServices();
  useEffect(() => {
    if (decision.loginRedirect) session.loginRedirect = decision.loginRedirect;
    if (decision.consentTarget) session.consentTarget = decision.consentTarget;
  }, [decision, session]);
  return <Navigate to={decision.to} replace />;
}

function Content({ decision, pathname }: { decision: GuardDecision; pathname: string }) {
  const { sessionVerifyFailed } = useServices();
  const loggedIn = isLoggedIn(useSession());
  if (decision.kind === 'redirect') return <GuardRedirect decision={decision} />;
  if (decision.kind === 'not-found') return <NotFoundScreen />;
  if (decision.kind === 'error') return <ErrorScreen />;
  if (sessionVerifyFailed && !decision.route.meta.public) return <SessionVerifyScreen />;
  const screen = (
    <RouteParamsContext.Provider value={decision.params}>
      <ChunkErrorBoundary key={pathname} fallback={<ErrorScreen />}>
        <Suspense fallback={<Spinner />}>
          <RouteScreen route={decision.route} />
        </Suspense>
      </ChunkErrorBoundary>
    </RouteParamsContext.Provider>
  );
  // The dashboard's pages have the section navigation beside (or above, on a phone) the page; a stub
  // session in its flow (/connect/{platform}, rule 6) has no dashboard to go to.
  if (!decision.route.meta.dashboard || !loggedIn) return screen;
  return (
    <div className="dashboard-layout">
      <SectionNav current={decision.route.screen} />
      <div className="dashboard-page">{screen}</div>
    </div>
  );
}

export function Shell() {
  return (
    <ShellErrorBoundary>
      <ShellLayout />
    </ShellErrorBoundary>
  );
}

function ShellLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const services = useServices();
  const { analytics } = services;
  const decision = useDecision(pathname, search);
  useReloadOnLoadFailure();

  const blockBack = decision.kind === 'allow' && decision.blockBack;
  useEffect(() => history.blockBack(blockBack), [blockBack]);

  const shown = decision.kind === 'redirect' ? null : decision.kind;
  const section = decision.kind === 'allow' ? decision.section : 'system';
  useEffect(() => {
    if (shown !== null) analytics.pageView(pathname, section);
  }, [analytics, pathname, shown, section]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {services.debug ? (
        <Suspense fallback={null}>
          <DebugBar />
        </Suspense>
      ) : null}
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Content decision={decision} pathname={pathname} />
      </main>
      <Footer />
      <ReloadPrompt />
    </div>
  );
}
