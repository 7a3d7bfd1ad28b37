// /choose-game (rule 7, spec 000 §2 "Game profiles: Game N of M, keep one"): for each game both
// accounts have a save of, the two saves side by side (platform, last played, details); the player
// keeps one. Then the choices are confirmed (they cannot be undone) and the consolidation goes on.
// The choices are kept in the flow data, so a reload resumes at the same game.
import type { GameConflictBody } from '@portal/contract/calls/accounts-links';
import { useId, useState } from 'react';
import { continueFlow } from '../../flows/continue-flow.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { stubOf, stubChoices, stubConflicts } from '../../flows/stub-flow.ts';
import type { SaveChoice } from '../../flows/stub-flow.ts';
import { href } from '../../lib/router/route-table.ts';
import { Page } from '../../components/ui/page.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { formatDate } from '../../lib/dates.ts';
import { formatDetailValue, humaniseKey, platformName } from '../../lib/game-details.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { stubFacts } from './stub-facts.ts';
import { useCancelLinking } from './use-cancel-linking.ts';
import './stub.css';

type Conflict = GameConflictBody['conflict_game_details'][number];
type Save = Conflict['stub'];

export function ChooseGame() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const flow = useFlow();
  const cancel = useCancelLinking();
  const games = stubConflicts(flow)?.conflict_game_details ?? [];
  const choices = stubChoices(flow);
  const firstOpen = games.findIndex((g) => !choices[g.game_slug]);
  const kept = stubOf(flow)?.choosing ?? 0;
  const [index, setShown] = useState(
    Number.isInteger(kept) && kept >= 0 && kept <= games.length && (firstOpen === -1 || kept <= firstOpen)
      ? kept
      : firstOpen === -1
        ? games.length
        : firstOpen,
  );
  const setIndex = (next: number) => {
    services.flow.send({ type: 'saveChoiceShown', index: next });
    setShown(next);
  };
  useStepFocus(`choose-${index}`);

  const choose = (slug: string, choice: SaveChoice) => services.flow.send({ type: 'saveChosen', slug, choice });

  const confirm = useSubmit(async () => {
    // The choices are made: the consolidation goes on with them (rule 10).
    services.flow.send({ type: 'savesConfirmed' });
    await continueFlow(services);
  });

  if (games.length === 0) {
    return (
      <Page title={t('screen.choose-game.title')}>
        <p className="lead-text">{t('stub.choose.none')}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => navigate(href('prompt-sign-in'))}>
            {t('form.continue')}
          </button>
        </div>
      </Page>
    );
  }

  if (index >= games.length) {
    return (
      <Page title={t('stub.confirm.title')}>
        <p className="lead-text">{t('stub.confirm.body')}</p>
        <ul className="stub-summary">
          {games.map((game) => (
            <li key={game.game_slug}>
              <bdi className="stub-summary-game">{game.game_name}</bdi>
              {': '}
              {choices[game.game_slug] === 'squash_conflict'
                ? t('stub.confirm.keepStub', { platform: stubFacts(flow).platform ?? t('stub.choose.thisConsole') })
                : t('stub.confirm.keepAccount')}
            </li>
          ))}
        </ul>
        <div className="notice notice-error" role="note">
          <p className="notice-title">{t('stub.irreversibleTitle')}</p>
          <p>{t('stub.confirm.irreversible')}</p>
        </div>
        <FormError error={confirm.error} />
        <div className="actions">
          <button type="button" className="button" disabled={confirm.pending} onClick={() => void confirm.run()}>
            {t('stub.confirm.submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setIndex(games.length - 1)}>
            {t('stub.choose.back')}
          </button>
          <button type="button" className="link-button link" onClick={cancel}>
            {t('stub.cancel')}
          </button>
        </div>
      </Page>
    );
  }

  const game = games[index] as Conflict;
  return (
    <Page title={t('screen.choose-game.title')} wide>
      <p className="stub-step">{t('stub.choose.step', { n: index + 1, m: games.length })}</p>
      <ChooseOne
        key={game.game_slug}
        game={game}
        chosen={choices[game.game_slug] ?? null}
        platform={stubFacts(flow).platform}
        onChoose={(choice) => choose(game.game_slug, choice)}
      />
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={!choices[game.game_slug]}
          onClick={() => setIndex(index + 1)}
        >
          {index + 1 < games.length ? t('stub.choose.next') : t('stub.choose.review')}
        </button>
        {index > 0 ? (
          <button type="button" className="button button-secondary" onClick={() => setIndex(index - 1)}>
            {t('stub.choose.back')}
          </button>
        ) : null}
        <button type="button" className="link-button link" onClick={cancel}>
          {t('stub.cancel')}
        </button>
      </div>
    </Page>
  );
}

function ChooseOne({
  game,
  chosen,
  platform,
  onChoose,
}: {
  game: Conflict;
  chosen: SaveChoice | null;
  platform: string | null;
  onChoose: (choice: SaveChoice) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const legend = useId();
  return (
    <fieldset className="stub-saves" aria-describedby={legend}>
      <legend>
        <bdi>{game.game_name}</bdi>
      </legend>
      <p id={legend} className="field-hint">
        {t('stub.choose.hint')}
      </p>
      <div className="stub-save-options">
        <SaveOption
          name={name}
          checked={chosen === 'squash_conflict'}
          onChange={() => onChoose('squash_conflict')}
          title={t('stub.choose.fromStub', { platform: platform ?? t('stub.choose.thisConsole') })}
          save={game.stub}
        />
        <SaveOption
          name={name}
          checked={chosen === 'keep_old'}
          onChange={() => onChoose('keep_old')}
          title={t('stub.choose.fromAccount')}
          save={game.account}
        />
      </div>
    </fieldset>
  );
}

function SaveOption(props: { name: string; checked: boolean; onChange: () => void; title: string; save: Save }) {
  const { t, i18n } = useTranslation();
  const { save } = props;
  const played = save.last_accessed ?? save.last_game_login;
  const details = Object.entries(save.game_details)
    .map(([key, value]) => ({ key, label: humaniseKey(key), value }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <label className={props.checked ? 'stub-save stub-save-chosen' : 'stub-save'}>
      <span className="stub-save-head">
        <input type="radio" name={props.name} checked={props.checked} onChange={props.onChange} />
        <span className="stub-save-title">{props.title}</span>
      </span>
      <span className="stub-save-facts">
        <span>
          {t('gameProfiles.lastPlatform')}: {save.last_seen_platform ? platformName(save.last_seen_platform) : '-'}
        </span>
        <span>
          {played
            ? t('gameProfiles.lastPlayedOn', { date: formatDate(new Date(played), i18n.language) })
            : t('stub.choose.neverPlayed')}
        </span>
      </span>
      {details.length > 0 ? (
        <span className="stub-save-details">
          {details.map(({ key, label, value }) => (
            <span key={key} className="stub-save-detail">
              <span className="stub-save-detail-label">{label}</span>{' '}
              <bdi>{formatDetailValue(value, i18n.language)}</bdi>
            </span>
          ))}
        </span>
      ) : (
        <span className="field-hint">{t('gameProfiles.noDetails')}</span>
      )}
    </label>
  );
}
