import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import { useSession } from '../../lib/services.tsx';
import { lazy, Suspense } from 'react';
import { href } from '../../lib/router/route-table.ts';

/** Only a signed-in visitor has the account menu: it loads then. */
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));
import { LanguagePicker } from './language-picker.tsx';

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = isLoggedIn(session);
  return (
    <header className="shell-header">
      <Link className="brand" to={href('home')} aria-label={t('shell.homeLink')}>
        <img src="/favicon.svg" alt="" width="32" height="32" />
        <span>{t('app.brand')}</span>
      </Link>
      <div className="shell-header-end">
        <LanguagePicker />
        {signedIn && session.account ? (
          <Suspense fallback={null}>
            <AccountMenu username={session.account.username ?? session.account.email ?? ''} />
          </Suspense>
        ) : (
          <Link className="button button-small" to={href('sign-in')}>
            {t('shell.signIn')}
          </Link>
        )}
      </div>
    </header>
  );
}
