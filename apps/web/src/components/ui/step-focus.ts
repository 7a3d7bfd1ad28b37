// Focus on each step of a flow (WCAG 2.4.3): when a step shows, focus moves to its heading, or to
// its error when it is an error, so that screen readers announce where the player is now.
import { useEffect } from 'react';
import type { RefObject } from 'react';
import './step-focus.css';

/** Moves focus to the element (default: the page heading) each time `step` changes. */
export function useStepFocus(step: string, target?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = target?.current ?? document.getElementById('page-title');
    if (!element) return;
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: false });
  }, [step, target]);
}
