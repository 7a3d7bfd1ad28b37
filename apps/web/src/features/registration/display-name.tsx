// "Your account has been created!": keep or change the display name, then continue. The name picked
// here is the account's first change, which is free (issue 28): the account page can change it again.
// In a game's flow the game has its say (display-name-game.ts): a name it does not let the player
// change is only shown, its success message is shown, and "Return to {game}" goes to its address.
import { generateUsername } from '@portal/contract/calls/accounts';
import { updateUsername } from '@portal/contract/calls/accounts-me';
import { useAuthGame } from '../../flows/auth-game.tsx';
import { continueFlow, nextStep } from '../../flows/continue-flow.ts';
import { gameOf } from '../../flows/flow-facts.ts';
import { useSession } from '../../lib/services.tsx';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { useDisplayNameField } from '../../components/account/display-name-field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { displayNameGame } from './display-name-game.ts';
import './display-name.css';

export function DisplayName() {
  const { t, i18n } = useTranslation();
  const services = useFlowServices();
  const flow = useFlow();
  const game = displayNameGame(flow, useAuthGame(gameOf(flow)?.slug ?? null), i18n.language);
  const current = useSession().account?.username ?? '';
  const field = useDisplayNameField(current, 'username');
  const finish = async () => {
    services.flow.send({ type: 'displayNameChosen' });
    await continueFlow(services);
  };
  /** Back to the game's page, once nothing is left of the flow (else the flow's next step first). */
  const returnToGame = async (url: string) => {
    services.flow.send({ type: 'displayNameChosen' });
    if (nextStep(services).kind !== 'finish') return continueFlow(services);
    void services.analytics.flush();
    // The flow ends as the game's page replaces this one (not before: this screen needs it until then).
    window.addEventListener('pagehide', () => services.flow.send({ type: 'ended' }), { once: true });
    window.location.assign(url);
  };
  /** The name typed, saved when changed; false when it was refused (said at the field). */
  const saveName = async (): Promise<boolean> => {
    if (!game.editable) return true;
    const name = field.validate();
    if (name === null) return false;
    if (name === current) return true;
    try {
      await services.account.set(await services.api.call(updateUsername, { body: { username: name } }));
      return true;
    } catch (error) {
      if (field.showRefusal(error)) return false;
      throw error;
    }
  };
  const generate = useSubmit(async () => {
    field.setName((await services.api.call(generateUsername)).username);
  });
  const submit = useSubmit(async (returnTo?: string) => {
    if (!(await saveName())) return;
    await (returnTo ? returnToGame(returnTo) : finish());
  });
  return (
    <Page title={t('screen.display-name.title')}>
      {game.message ? (
        <p className="lead-text" role="status">
          {game.message}
        </p>
      ) : null}
      <p className={game.message ? undefined : 'lead-text'}>
        {game.editable ? t('signUp.nameIntro') : t('signUp.nameFixed')}
      </p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        {game.editable ? (
          field.field
        ) : (
          <dl className="display-name-fixed">
            <dt>{t('form.displayName')}</dt>
            <dd>{current}</dd>
          </dl>
        )}
        <FormError error={submit.error ?? generate.error} />
        <div className="actions">
          <button type="submit" className="button" disabled={submit.pending}>
            {game.editable ? t('signUp.updateAndContinue') : t('form.continue')}
          </button>
          {game.editable ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void generate.run()}
              disabled={generate.pending}
            >
              {t('signUp.generate')}
            </button>
          ) : null}
          {game.returnTo ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void submit.run(game.returnTo?.url)}
              disabled={submit.pending}
            >
              {t('signUp.returnToGame', { game: game.returnTo.game })}
            </button>
          ) : null}
        </div>
      </form>
    </Page>
  );
}
