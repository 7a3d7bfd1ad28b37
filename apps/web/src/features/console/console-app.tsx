// The operators' console: signed out, the sign-in (or a setup link); signed in, the header with the
// operator and their role, and the pages their role may see. Each page's title names it.
import { consoleCalls } from '@portal/contract/calls/console';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { consoleCall, onSessionChange, readSession, saveSession } from './api.ts';
import type { StoredSession } from './api.ts';
import { AuditPage } from './audit-page.tsx';
import { LiveOpsPage } from './live-ops-page.tsx';
import { OperatorsPage } from './operators-page.tsx';
import { PlayerPage } from './player-page.tsx';
import { PlayersPage } from './players-page.tsx';
import { linkProps, navigate, useLocation } from './router.ts';
import { SetupPage } from './setup-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

let snapshot = readSession();
const subscribe = (listener: () => void) =>
  onSessionChange(() => {
    snapshot = readSession();
    listener();
  });

/** Ends the operator's session here and at the server (a failed call still signs out here). */
async function signOut(): Promise<void> {
  await consoleCall(consoleCalls.signOut).catch(() => undefined);
  saveSession(null, 'You signed out.');
}

function Header({ session, path }: { session: StoredSession; path: string }) {
  const [leaving, setLeaving] = useState(false);
  const links: [string, string][] = [
    ['/console/players', 'Players'],
    ['/console/live-ops', 'Live operations'],
    ...(session.operator.role === 'admin'
      ? ([
          ['/console/operators', 'Operators'],
          ['/console/audit', 'Audit'],
        ] as [string, string][])
      : []),
  ];
  return (
    <header className="console-header">
      <a className="console-skip" href="#main">
        Skip to the page
      </a>
      <p className="console-brand">Operators' console</p>
      <nav aria-label="Console">
        <ul>
          {links.map(([to, label]) => (
            <li key={to}>
              <a {...linkProps(to)} aria-current={path.startsWith(to) ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="console-who">
        {session.operator.email} <span className="console-badge">{session.operator.role}</span>
      </p>
      <button
        type="button"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut().finally(() => {
            setLeaving(false);
            navigate('/console', { replace: true });
          });
        }}
      >
        Sign out
      </button>
    </header>
  );
}

const TITLES: [RegExp, string][] = [
  [/^\/console\/setup/, 'Setup link'],
  [/^\/console$/, 'Players'],
  [/^\/console\/players\/./, 'Player'],
  [/^\/console\/players/, 'Players'],
  [/^\/console\/live-ops/, 'Live operations'],
  [/^\/console\/operators/, 'Operators'],
  [/^\/console\/audit/, 'Audit'],
];

export function ConsoleApp() {
  const session = useSyncExternalStore(subscribe, () => snapshot);
  const location = useLocation();
  const { path } = location;
  const signedIn = session !== null;
  const title = signedIn
    ? (TITLES.find(([re]) => re.test(path))?.[1] ?? 'Page not found')
    : path.startsWith('/console/setup')
      ? 'Set up'
      : 'Sign in';
  useEffect(() => {
    document.title = `${title} · Operators' console`;
  }, [title]);
  // A new page (or signing in or out): its heading takes the focus, so the keyboard and a screen
  // reader start at the page, not on the link or button that led there.
  const where = `${signedIn}|${path}`;
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [where]);
  const setupLink = path === '/console/setup' && location.hash !== '';
  useEffect(() => {
    if (signedIn && (path === '/console' || (path === '/console/setup' && !setupLink)))
      navigate('/console/players', { replace: true });
  }, [signedIn, path, setupLink]);

  if (path.startsWith('/console/setup') && !signedIn) return <SetupPage token={location.hash} />;
  if (!session) return <SignInPage />;
  const player = /^\/console\/players\/([0-9a-f-]{36})$/i.exec(path)?.[1];
  const admin = session.operator.role === 'admin';
  let page;
  if (player) page = <PlayerPage key={player} id={player} session={session} />;
  else if (path === '/console/live-ops') page = <LiveOpsPage session={session} />;
  else if (path === '/console/operators' && admin) page = <OperatorsPage selfId={session.operator.id} />;
  else if (path === '/console/audit' && admin) page = <AuditPage query={location.query} />;
  else if (setupLink)
    page = (
      <main id="main" className="console-narrow">
        <h1>A setup link</h1>
        <p>
          This link sets up a new operator, and you are signed in as {session.operator.email}. Sign out first: the
          link's page then opens here.
        </p>
        <button type="button" onClick={() => void signOut()}>
          Sign out and open the link
        </button>
      </main>
    );
  else if (path === '/console/operators' || path === '/console/audit')
    page = (
      <main id="main">
        <h1>Admins only</h1>
        <p role="alert" className="console-alert">
          Your role does not allow this. Ask an admin.
        </p>
      </main>
    );
  // /console and a setup address without a link go to Players (the effect above): no flash of "not found".
  else if (path === '/console/players' || path === '/console' || path === '/console/setup')
    page = <PlayersPage query={location.query} />;
  else
    page = (
      <main id="main">
        <h1>Page not found</h1>
        <p>
          The console has no page at this address. <a {...linkProps('/console/players')}>Find a player</a>
        </p>
      </main>
    );
  return (
    <>
      <Header session={session} path={path} />
      {page}
    </>
  );
}
