// The throwaway (disposable) mail domains: the community list of
// github.com/disposable-email-domains/disposable-email-domains, as the npm package
// disposable-email-domains-js publishes it (a JSON array, updated with the list). Read once per
// process, on first use at start (composition.ts), and looked up in a Set: a registration costs no
// file read and no scan.
import { disposableEmailBlocklist } from 'disposable-email-domains-js';

let loaded: ReadonlySet<string> | undefined;

export function throwawayDomains(): ReadonlySet<string> {
  loaded ??= new Set(disposableEmailBlocklist().map((domain) => domain.trim().toLowerCase()));
  return loaded;
}
