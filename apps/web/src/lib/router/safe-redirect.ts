import type { Href } from './href.ts';
import { href } from './route-table.ts';

/**
 * The in-app path to follow after a flow (the stored login redirect). Anything that is not a path of
 * this site is refused with a warning and replaced by /account (spec 000 §8).
 */
export function safeRedirectTarget(target: string | null | undefined): Href {
  if (!target) return href('account');
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    console.warn('redirect refused: not a path of this site', target);
    return href('account');
  }
  return target as Href;
}
