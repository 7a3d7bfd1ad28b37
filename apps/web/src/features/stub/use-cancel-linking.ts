// "Cancel linking": the stub flow ends; the browser forgets the stub's session (the stub itself
// stays, and the game keeps playing on it), and the player is back on the home page.
import { useCallback } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useFlowServices } from '../../flows/flow-services.tsx';

export function useCancelLinking(): () => void {
  const services = useFlowServices();
  const navigate = useNavigate();
  return useCallback(() => {
    if (services.session.get().account?.stub) services.session.clear();
    services.flow.send({ type: 'ended' });
    navigate(href('home'), { replace: true });
  }, [services, navigate]);
}
