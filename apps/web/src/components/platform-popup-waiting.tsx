// While a platform's sign-in popup is open (lib/platforms/popup-attempt.ts): "Waiting for PlayStation
// Network…", what to do there, and Cancel. The text is in a live region that is always in the page, so
// a screen reader hears the wait start; Cancel takes the focus the clicked button lost, and gives it
// back when the wait ends (to that button, or the first one of the card or section around the wait).
// Leaving the page ends the wait: its answer would have nowhere to go.
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n/messages.ts';
import { cancelPopupAttempt, usePopupAttempt } from '../lib/platforms/popup-attempt.ts';
import './platform-popup-waiting.css';

/** The wait for `platform`'s popup (any platform's when not given). */
export function PlatformPopupWaiting({ platform }: { platform?: PlatformId }) {
  const { t } = useTranslation();
  const attempt = usePopupAttempt();
  const waiting = attempt && (platform === undefined || attempt.platform === platform) ? attempt : null;
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!waiting) return;
    cancel.current?.focus();
    const scope = box.current?.parentElement ?? null;
    return () => {
      cancelPopupAttempt(waiting);
      requestAnimationFrame(() => returnFocus(waiting.trigger, scope));
    };
  }, [waiting]);
  const name = waiting ? PLATFORM_CATALOGUE[waiting.platform].name : '';
  return (
    <div ref={box} className={waiting ? 'notice popup-waiting' : 'popup-waiting-idle'}>
      <div role="status">
        {waiting ? (
          <>
            <p className="popup-waiting-title">
              <span className="popup-waiting-wheel" aria-hidden="true" />
              {t('platformPopup.waiting', { platform: name })}
            </p>
            <p>{t('platformPopup.waitingHint', { platform: name })}</p>
          </>
        ) : null}
      </div>
      {waiting ? (
        <button
          ref={cancel}
          type="button"
          className="button button-secondary button-small"
          onClick={() => cancelPopupAttempt(waiting)}
        >
          {t('platformPopup.cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** After the wait, where its Cancel had the focus (now gone): the button clicked, else the scope's first one. */
function returnFocus(trigger: Element | null, scope: HTMLElement | null): void {
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (!lost || !scope?.isConnected) return;
  const clicked =
    trigger instanceof HTMLElement && trigger.isConnected && !trigger.matches(':disabled') ? trigger : null;
  (clicked ?? scope.querySelector<HTMLElement>('button:not(:disabled), a[href]'))?.focus();
}
