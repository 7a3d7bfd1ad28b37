import { ACCOUNT_PATH } from './route-table.ts';

/**
 * The in-app path to follow after a flow (the stored login redirect). Anything that is not a path of
 * this site is refused with a warning and replaced by /account (spec 000 §8).
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target) return ACCOUNT_PATH;
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    console.warn('redirect refused: not a path of this site', target);
    return ACCOUNT_PATH;
  }
  return target;
}
