// /game-conflicts-warning (rule 7): both accounts have progress in some games; the player is told
// that they will keep one save of each, and that the other is deleted for good, before choosing.
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { stubConflicts } from '../../flows/stub-flow.ts';
import { href } from '../../lib/router/route-table.ts';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useFlow } from '../../flows/flow-services.tsx';
import { useCancelLinking } from './use-cancel-linking.ts';
import './stub.css';

export function GameConflictsWarning() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const conflicts = stubConflicts(useFlow());
  const cancel = useCancelLinking();
  useStepFocus('conflicts-warning');
  const games = conflicts?.conflict_game_details ?? [];
  return (
    <Page title={t('screen.game-conflicts-warning.title')}>
      <p className="lead-text">{t('stub.conflicts.body', { count: games.length })}</p>
      <ul className="stub-conflict-games">
        {games.map((game) => (
          <li key={game.game_slug}>
            <bdi>{game.game_name}</bdi>
          </li>
        ))}
      </ul>
      <div className="notice notice-error" role="note">
        <p className="notice-title">{t('stub.irreversibleTitle')}</p>
        <p>{t('stub.conflicts.irreversible')}</p>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={games.length === 0}
          onClick={() => navigate(href('choose-game'))}
        >
          {t('stub.conflicts.choose')}
        </button>
        <button type="button" className="button button-secondary" onClick={cancel}>
          {t('stub.cancel')}
        </button>
      </div>
    </Page>
  );
}
