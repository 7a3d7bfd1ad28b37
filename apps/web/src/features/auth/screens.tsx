import { useEffect } from 'react';
import { useNavigate } from '../../lib/router/router.tsx';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useServices } from '../../app/services.tsx';

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
  return id === 'logout' ? <Logout /> : <FeatureScreen id={id} />;
}
