// Finding a player by exact display name or email address (GET /accounts/lookup), and the result:
// the player, how they relate to you, and what you can do (send a request, cancel yours, answer
// theirs, unblock them). The player's own privacy choices decide whether they can be found.
import { lookupAccount } from '@portal/contract/calls/accounts-me';
import type { PublicProfile } from '@portal/contract/calls/entities';
import { EMAIL_MAX_LENGTH } from '@portal/contract/calls/wire';
import { useState } from 'react';
import { TextField } from '../../components/ui/field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import type { Lookup, Relation } from './friend-changes.ts';
import { ActionButton, PlayerSummary } from './player.tsx';
import { searchQueryOf } from './search-query.ts';
import { useActionRunner } from './use-action-runner.tsx';
import type { RunFriendAction } from './use-action-runner.tsx';

const RELATION_TEXT: Record<Relation, MessageKey | null> = {
  none: null,
  self: 'friends.relationSelf',
  friend: 'friends.relationFriend',
  incoming: 'friends.relationIncoming',
  outgoing: 'friends.relationOutgoing',
  blocked: 'friends.relationBlocked',
};

export function FriendSearch({
  lookup,
  onLookup,
  run,
}: {
  lookup: Lookup | null;
  onLookup: (lookup: Lookup | null) => void;
  run: RunFriendAction;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const search = useSubmit(async () => {
    const parsed = searchQueryOf(text);
    if (!parsed.ok) {
      setFieldError(t(parsed.problem === 'empty' ? 'friends.searchEmpty' : 'friends.searchInvalid'));
      return;
    }
    setFieldError(null);
    onLookup(null);
    onLookup(await api.call(lookupAccount, { query: parsed.query }));
  });
  const found = lookup?.account ?? null;
  return (
    <div className="friend-search">
      <form
        role="search"
        aria-label={t('friends.searchLabel')}
        className="friend-search-form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void search.run())}
      >
        <TextField
          label={t('friends.searchLabel')}
          hint={t('friends.searchHint')}
          error={fieldError}
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button" disabled={search.pending}>
          {t('friends.search')}
        </button>
      </form>
      <FormError error={search.error} />
      <p role="status" className="friends-status">
        {lookup && !found ? t('friends.notFound') : ''}
      </p>
      {lookup && found ? <SearchResult key={found.id} lookup={lookup} account={found} run={run} /> : null}
    </div>
  );
}

function SearchResult({ lookup, account, run }: { lookup: Lookup; account: PublicProfile; run: RunFriendAction }) {
  const { t } = useTranslation();
  const runner = useActionRunner(run);
  const relation = lookup.relation ?? 'none';
  const invitationId = lookup.invitation_id;
  const relationText = RELATION_TEXT[relation];
  const button = (action: Parameters<typeof runner.start>[0], primary = false) => (
    <ActionButton action={action} onStart={runner.start} disabled={runner.pending} primary={primary} />
  );
  return (
    <section className="card player-result" aria-label={t('friends.resultLabel')}>
      <div className="player-row">
        <PlayerSummary profile={account} detail={relationText ? t(relationText) : undefined} />
        <div className="player-actions">
          {relation === 'none' ? button({ kind: 'invite', account }, true) : null}
          {relation === 'outgoing' && invitationId ? button({ kind: 'cancel', account, invitationId }) : null}
          {relation === 'incoming' && invitationId ? (
            <>
              {button({ kind: 'accept', account, invitationId }, true)}
              {button({ kind: 'decline', account, invitationId })}
            </>
          ) : null}
          {relation === 'blocked' ? button({ kind: 'unblock', account }) : null}
        </div>
      </div>
      {runner.feedback}
      {runner.modal}
    </section>
  );
}
