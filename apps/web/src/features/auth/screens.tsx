import { lazy, useEffect } from 'react';
import { useNavigate } from '../../lib/router/router.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useServices } from '../../app/services.tsx';
import { loadFlowMessages } from '../../lib/i18n/locale.ts';
import { EmailCodeSignIn, PasswordSignIn, SignIn } from './sign-in-screens.tsx';

/** The unlock link's page loads on its own: it is not part of signing in. */
const UnlockAccount = lazy(() =>
  Promise.all([import('./unlock-account.tsx'), loadFlowMessages()]).then(([m]) => ({ default: m.UnlockAccount })),
);

/** /logout signs out (server and local) and goes to sign-in. */
function Logout() {
  const { logout } = useServices();
  const navigate = useNavigate();
  useEffect(() => {
    void logout({ ignoreRedirect: true }).then(() => navigate('/sign-in', { replace: true }));
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

export default function Screens({ id }: { id: string }) {
  if (id === 'logout') return <Logout />;
  if (id === 'sign-in') return <SignIn />;
  if (id === 'password-sign-in') return <PasswordSignIn />;
  if (id === 'email-code-sign-in') return <EmailCodeSignIn />;
  if (id === 'unlock-account') return <UnlockAccount />;
  if (id === 'two-factor') return <TwoFactor />;
  if (id === 'backup-code') return <BackupCode />;
  throw new Error(`no auth screen ${id}`);
}
