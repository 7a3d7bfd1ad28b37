// Runs the actions of one part of the page (the search result, a list): the actions asked first open
// the confirmation, the others run at once. Once done, a status line says what happened and takes
// the focus (the button pressed is often gone: the row left the list); a refused action shows the
// server's message as an alert.
import { useEffect, useRef, useState } from 'react';
import { FormError } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { CONFIRM_TEXT, doneText } from './action-text.ts';
import { ConfirmFriendAction } from './confirm-friend-action.tsx';
import { playerName } from './friend-changes.ts';
import type { FriendAction, FriendOutcome } from './friend-changes.ts';

export type RunFriendAction = (action: FriendAction) => Promise<FriendOutcome>;

export function useActionRunner(run: RunFriendAction) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<FriendAction | null>(null);
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  const announce = (outcome: FriendOutcome) =>
    setNotice({ text: t(doneText(outcome), { name: playerName(outcome.action.account) }) });
  const submit = useSubmit(async (action: FriendAction) => announce(await run(action)));
  const start = (action: FriendAction) => {
    setNotice(null);
    submit.setError(null);
    if (CONFIRM_TEXT[action.kind]) setConfirming(action);
    else void submit.run(action);
  };
  const modal = confirming ? (
    <ConfirmFriendAction
      action={confirming}
      onClose={() => setConfirming(null)}
      onConfirm={async () => {
        const outcome = await run(confirming);
        setConfirming(null);
        announce(outcome);
      }}
    />
  ) : null;
  return {
    start,
    pending: submit.pending,
    feedback: <ActionFeedback notice={notice} error={submit.error} />,
    modal,
  };
}

function ActionFeedback({ notice, error }: { notice: { text: string } | null; error: unknown }) {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) status.current?.focus();
  }, [notice]);
  return (
    <>
      <p ref={status} role="status" tabIndex={-1} className="friends-status">
        {notice?.text ?? ''}
      </p>
      <FormError error={error} />
    </>
  );
}
