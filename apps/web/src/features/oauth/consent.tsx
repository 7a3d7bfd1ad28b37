// The consent screen (issue 32; ASVS 10.7.1, 10.7.2): before an app that is not the publisher's own
// game gets a code (once per grant), or when the game asks for it (prompt=consent), the player sees
// who asks, what it asks for in plain words, and for how long, and allows it or not. What it shows
// comes from the server's refusal (oauth_consent_required), which the server also enforces.
import { OAUTH_SCOPES } from '@portal/contract/data/constants';
import type { OAuthScope } from '@portal/contract/data/constants';
import { useState } from 'react';
import { SignedInAs } from '../../flows/auth-game.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';

export interface ConsentAsked {
  /** The client's name (the app), when the server said it. */
  clientName: string | null;
  firstParty: boolean;
  /** The scopes the sign-in would be granted. */
  scopes: string[];
}

const SCOPE_TEXT: Record<OAuthScope, MessageKey> = {
  openid: 'oauth.consent.scope.openid',
  profile: 'oauth.consent.scope.profile',
  email: 'oauth.consent.scope.email',
  offline_access: 'oauth.consent.scope.offline_access',
};

const isKnownScope = (scope: string): scope is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(scope);

export function Consent({
  gameName,
  asked,
  onAllow,
  onDeny,
  onSignedOut,
}: {
  gameName: string;
  asked: ConsentAsked;
  onAllow: () => Promise<void>;
  onDeny: () => void;
  onSignedOut: () => void;
}) {
  const { t } = useTranslation();
  const [answered, setAnswered] = useState(false);
  useStepFocus('consent');
  const app = asked.clientName ?? gameName;
  const scopes = asked.scopes.filter(isKnownScope);
  const answer = (allow: boolean) => {
    // One answer: a second click while the first goes is not a second request.
    if (answered) return;
    setAnswered(true);
    if (allow) void onAllow();
    else onDeny();
  };
  return (
    <Page title={t('oauth.consent.title', { app })}>
      {asked.firstParty ? null : <p className="lead-text">{t('oauth.consent.thirdParty', { app, game: gameName })}</p>}
      <p>{t('oauth.consent.intro', { app })}</p>
      <ul className="consent-scopes">
        <li>{t('oauth.consent.scope.signIn')}</li>
        {scopes.map((scope) => (
          <li key={scope}>{t(SCOPE_TEXT[scope])}</li>
        ))}
      </ul>
      <p>{t('oauth.consent.duration')}</p>
      <SignedInAs onSignedOut={onSignedOut} />
      <div className="actions">
        <button type="button" className="button" onClick={() => answer(true)} disabled={answered}>
          {t('oauth.consent.allow')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => answer(false)} disabled={answered}>
          {t('oauth.consent.deny')}
        </button>
      </div>
    </Page>
  );
}
