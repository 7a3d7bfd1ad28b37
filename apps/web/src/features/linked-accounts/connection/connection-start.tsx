// /connection (spec 000 §2 "account connection"): where a game sends a player to connect a platform,
// `?platform=<id>` for one platform (else the player picks), `entry=<game slug>` for the game's
// welcome, `redirect_uri=<path of this site>` for where to go at the end. It starts the connection
// flow and goes on by the continue-registration decision (sign in first when signed out; rules 18-20).
import { useEffect, useRef } from 'react';
import { connectionRequest } from '../../../flows/connection-request.ts';
import { continueFlow } from '../../../flows/continue-flow.ts';
import { gameFacts } from '../../../flows/game-flow.ts';
import { fetchGameConfig } from '../../../flows/game-config-query.ts';
import { allowedPlatforms } from '../../../lib/platforms/allowed-platforms.ts';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n/messages.ts';
import { useLocation } from '../../../lib/router/router.tsx';
import { useFlowServices } from '../../../flows/flow-services.tsx';

export function ConnectionStart() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const { search } = useLocation();
  const request = connectionRequest(search, allowedPlatforms(services.settings));
  const started = useRef(false);
  useEffect(() => {
    if (request === 'unknown' || started.current) return;
    started.current = true;
    const start = async () => {
      // The game the link names shows its welcome: kept when the server knows it.
      const config = request.entry ? await fetchGameConfig(services.api, request.entry) : null;
      const game = config ? gameFacts(config) : null;
      services.flow.send({ type: 'connectionStarted', connection: request.connection, game });
      await continueFlow(services);
    };
    void start();
  }, [request, services]);
  if (request === 'unknown') {
    return (
      <Page title={t('screen.connection.title')}>
        <div className="notice notice-error" role="alert">
          <p>{t('connection.unknownPlatform')}</p>
        </div>
      </Page>
    );
  }
  return (
    <Page title={t('screen.connection.title')}>
      <Spinner />
    </Page>
  );
}
