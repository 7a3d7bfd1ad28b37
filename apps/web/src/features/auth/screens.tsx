import { useEffect } from 'react';
import { useNavigate } from '../../lib/router/router.tsx';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useServices } from '../../app/services.tsx';
import { EmailCodeSignIn, PasswordSignIn, SignIn } from './sign-in-screens.tsx';

/** /logout signs out (server and local) and goes to sign-in. */
function Logout() {
  const { logout } = useServices();
  const navigate = useNavigate();
  useEffect(() => {
    void logout({ ignoreRedirect: true }).then(() => navigate('/sign-in', { replace: true }));
  }, [logout, navigate]);
  return <Spinner />;
}

export default function Screens({ id }: { id: string }) {
  if (id === 'logout') return <Logout />;
  if (id === 'sign-in') return <SignIn />;
  if (id === 'password-sign-in') return <PasswordSignIn />;
  if (id === 'email-code-sign-in') return <EmailCodeSignIn />;
  return <FeatureScreen id={id} />;
}
