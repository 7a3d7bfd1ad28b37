// CONSOLE_ALLOWED_IPS: the addresses (or CIDR ranges, IPv4 or IPv6) the operators' console answers;
// empty, every address. The address is the request's (behind TRUST_PROXY, the client's own).
import { BlockList, isIP } from 'node:net';

export class ConsoleAddresses {
  readonly #list: BlockList | null;

  /** Throws on an entry that is not an address or a range, so a typo fails at start, not open. */
  constructor(entries: readonly string[]) {
    if (entries.length === 0) {
      this.#list = null;
      return;
    }
    const list = new BlockList();
    for (const entry of entries) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address);
      if (family === 0) throw new Error(`CONSOLE_ALLOWED_IPS: ${entry} is not an address or a range`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) list.addAddress(address, type);
      else {
        const prefix = Number(bits);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
          throw new Error(`CONSOLE_ALLOWED_IPS: ${entry} has no valid prefix length`);
        }
        list.addSubnet(address, prefix, type);
      }
    }
    this.#list = list;
  }

  allows(ip: string): boolean {
    if (this.#list === null) return true;
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0) return false;
    return this.#list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}
