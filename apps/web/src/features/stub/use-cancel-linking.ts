// "Cancel linking": the stub flow ends; the browser forgets the stub's session (the stub itself
// stays, and the game keeps playing on it), and the player is back on the home page.
import { useCallback } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useServices } from '../../lib/services.tsx';

export function useCancelLinking(): () => void {
  const services = useServices();
  const navigate = useNavigate();
  return useCallback(() => {
    if (services.session.get().account?.stub) services.session.clear();
    services.flow.end();
    navigate(href('home'), { replace: true });
  }, [services, navigate]);
}
