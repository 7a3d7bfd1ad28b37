import { lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { useNavigate } from '../../lib/router/router.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useServices } from '../../lib/services.tsx';
import { loadFlowMessages } from '../../lib/i18n/locale.ts';
import { EmailCodeSignIn, PasswordSignIn, SignIn } from './sign-in-screens.tsx';
import { href } from '../../lib/router/route-table.ts';
import type { ScreenId } from '../../lib/router/route-table.ts';

/** The unlock link's page loads on its own: it is not part of signing in. */
const UnlockAccount = lazy(() =>
  Promise.all([import('./unlock-account.tsx'), loadFlowMessages()]).then(([m]) => ({ default: m.UnlockAccount })),
);

/** The page of a banned or blocked account loads on its own, like the unlock link's (issue 30). */
const AccountRestricted = lazy(() =>
  Promise.all([import('./account-restricted.tsx'), loadFlowMessages()]).then(([m]) => ({
    default: m.AccountRestricted,
  })),
);

/** /logout signs out (server and local) and goes to sign-in. */
function Logout() {
  const { logout } = useServices();
  const navigate = useNavigate();
  useEffect(() => {
    void logout({ ignoreRedirect: true }).then(() => navigate(href('sign-in'), { replace: true }));
  }, [logout, navigate]);
  return <Spinner />;
}

/** Two-factor is a second step few sign-ins take: it loads only when needed. */
const TwoFactor = lazy(() =>
  Promise.all([import('./two-factor.tsx'), loadFlowMessages()]).then(([m]) => ({ default: m.TwoFactor })),
);
const BackupCode = lazy(() =>
  Promise.all([import('./two-factor.tsx'), loadFlowMessages()]).then(([m]) => ({ default: m.BackupCode })),
);

const SCREENS: Record<ScreenId<'auth'>, ComponentType> = {
  logout: Logout,
  'sign-in': SignIn,
  'password-sign-in': PasswordSignIn,
  'email-code-sign-in': EmailCodeSignIn,
  'unlock-account': UnlockAccount,
  'account-restricted': AccountRestricted,
  'two-factor': TwoFactor,
  'backup-code': BackupCode,
};

export default function Screens({ id }: { id: ScreenId<'auth'> }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
