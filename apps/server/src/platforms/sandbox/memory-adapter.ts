// Where a sandbox platform keeps its codes, tokens, sessions and grants: in this process's memory,
// each until it expires. oidc-provider's own development adapter keeps at most 1,000 entries per
// kind and drops the oldest, which lost codes under load (bench/platforms.mjs); this one drops only
// what expired. One store per sandbox platform (sandbox/provider.ts).
import type { Adapter, AdapterPayload } from 'oidc-provider';

/** The kinds a grant's revocation removes (an interaction or a session is not the grant's). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

export class SandboxStore {
  readonly #entries = new Map<string, Entry>();
  readonly #byUid = new Map<string, string>();
  readonly #byUserCode = new Map<string, string>();
  readonly #byGrant = new Map<string, Set<string>>();

  /** The adapter of one kind of entry (AccessToken, AuthorizationCode, Session, ...). */
  adapter(name: string): Adapter {
    const key = (id: string) => `${name}:${id}`;
    const get = (fullKey: string | undefined): AdapterPayload | undefined => {
      if (fullKey === undefined) return undefined;
      const entry = this.#entries.get(fullKey);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        this.#entries.delete(fullKey);
        return undefined;
      }
      return entry.payload;
    };
    return {
      upsert: async (id, payload, expiresIn) => {
        this.#sweep();
        const fullKey = key(id);
        this.#entries.set(fullKey, { payload, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
        if (payload.uid) this.#byUid.set(key(payload.uid), fullKey);
        if (payload.userCode) this.#byUserCode.set(key(payload.userCode), fullKey);
        if (payload.grantId && GRANTABLE.has(name)) {
          const ids = this.#byGrant.get(payload.grantId) ?? new Set<string>();
          ids.add(fullKey);
          this.#byGrant.set(payload.grantId, ids);
        }
      },
      find: async (id) => get(key(id)),
      findByUid: async (uid) => get(this.#byUid.get(key(uid))),
      findByUserCode: async (userCode) => get(this.#byUserCode.get(key(userCode))),
      consume: async (id) => {
        const entry = this.#entries.get(key(id));
        if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) };
      },
      destroy: async (id) => {
        this.#entries.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const fullKey of this.#byGrant.get(grantId) ?? []) this.#entries.delete(fullKey);
        this.#byGrant.delete(grantId);
      },
    };
  }

  /** Drops what expired, now and then (every 1,000 writes). */
  #writes = 0;
  #sweep(): void {
    if (++this.#writes % 1000 !== 0) return;
    const now = Date.now();
    for (const [fullKey, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(fullKey);
    for (const index of [this.#byUid, this.#byUserCode]) {
      for (const [indexKey, fullKey] of index) if (!this.#entries.has(fullKey)) index.delete(indexKey);
    }
    for (const [grantId, ids] of this.#byGrant) {
      for (const fullKey of ids) if (!this.#entries.has(fullKey)) ids.delete(fullKey);
      if (ids.size === 0) this.#byGrant.delete(grantId);
    }
  }
}
