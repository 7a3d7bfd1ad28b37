// /connection/select-platform (rule 18): the player picks the platform to connect among those
// offered here; one already connected is shown as such. The flow then goes on for that platform.
import { PLATFORM_CATALOGUE, PLATFORM_IDS } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { continueFlow } from '../../../flows/continue-flow.ts';
import { useStepFocus } from '../../../components/ui/step-focus.ts';
import { allowedPlatforms } from '../../../lib/platforms/allowed-platforms.ts';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n/messages.ts';
import { useSession } from '../../../lib/services.tsx';
import { useFlowServices } from '../../../flows/flow-services.tsx';
import { endConnection } from './connection-connect.tsx';
import { useConnectionTexts } from './connection-game.ts';
import { GameWelcome } from '../../../flows/auth-game.tsx';
import { PlatformBadge } from '../../../components/platform-badge.tsx';

export function ConnectionSelect() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const { account } = useSession();
  const texts = useConnectionTexts(null);
  useStepFocus('connection-select');
  if (!account || texts.game === undefined) return <Spinner />;
  const offered = allowedPlatforms(services.settings);
  const platforms = PLATFORM_IDS.filter((id) => offered.has(id));
  const choose = (platform: PlatformId) => {
    services.flow.send({ type: 'platformChosen', platform });
    void continueFlow(services);
  };
  return (
    <Page title={t('screen.connection-select-platform.title')}>
      {texts.game ? <GameWelcome game={texts.game} /> : null}
      <p>{texts.welcome ?? t('connection.selectIntro')}</p>
      {platforms.length === 0 ? (
        <div className="notice" role="status">
          <p>{t('linkedAccounts.none')}</p>
        </div>
      ) : (
        <ul className="connection-choices" aria-label={t('screen.connection-select-platform.title')}>
          {platforms.map((id) => {
            const name = PLATFORM_CATALOGUE[id].name;
            const linked = account.links[id] !== undefined;
            return (
              <li key={id}>
                <button
                  type="button"
                  className="connection-choice"
                  disabled={linked}
                  aria-describedby={linked ? `connected-${id}` : undefined}
                  onClick={() => choose(id)}
                >
                  <PlatformBadge platform={id} />
                  <span className="connection-choice-name">{name}</span>
                  {linked ? (
                    <span id={`connected-${id}`} className="badge badge-on">
                      {t('linkedAccounts.connected')}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="form-links">
        <button type="button" className="link-button" onClick={() => void endConnection(services)}>
          {t('connection.notNow')}
        </button>
      </p>
    </Page>
  );
}
