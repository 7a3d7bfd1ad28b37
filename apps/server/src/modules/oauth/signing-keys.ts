// Keys that sign ID tokens (ES256, RFC 7518 §3.4). The newest key signs; a new one is made when it
// is older than SIGNING_KEY_ROTATION_DAYS. A replaced key stays in the JWKS for as long as tokens it
// signed can live (ID_TOKEN_TTL_SECONDS, and a day for caches), then it is deleted. Private keys are
// sealed at rest with the server's secret box (MFA_SECRET_KEY, its own derivation). The statements
// are OAuthRepo's.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import type { OAuthRepo } from './repo.ts';

export const ID_TOKEN_ALG = 'ES256';
const CACHE_MS = 60_000;
const CACHE_GRACE_SECONDS = 86_400;

export interface ActiveKey {
  kid: string;
  key: CryptoKey;
}

/** Seals private keys at rest (the composition root passes the server's SecretBox). */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

type KeyStatements = Pick<OAuthRepo, 'newestKey' | 'addKey' | 'publishedKeys'>;

export class SigningKeys {
  readonly #repo: KeyStatements;
  readonly #box: Sealer;
  readonly #rotationMs: number;
  readonly #publishedSeconds: number;
  #active: { key: ActiveKey; until: number; createdAt: number } | null = null;
  #making: Promise<ActiveKey> | null = null;

  constructor(repo: KeyStatements, box: Sealer, options: { rotationDays: number; idTokenTtlSeconds: number }) {
    this.#repo = repo;
    this.#box = box;
    this.#rotationMs = options.rotationDays * 86_400_000;
    this.#publishedSeconds = options.idTokenTtlSeconds + CACHE_GRACE_SECONDS;
  }

  /** The key to sign with now: the newest one, or a new one when it is due for rotation. */
  async active(): Promise<ActiveKey> {
    const now = Date.now();
    const cached = this.#active;
    if (cached && cached.until > now && now - cached.createdAt < this.#rotationMs) return cached.key;
    this.#making ??= this.#load().finally(() => {
      this.#making = null;
    });
    return this.#making;
  }

  async #load(): Promise<ActiveKey> {
    const newest = await this.#repo.newestKey();
    if (newest && Date.now() - newest.createdAt.getTime() < this.#rotationMs) {
      const jwk = JSON.parse(this.#box.open(newest.privateJwkSealed)) as JWK;
      const key = (await importJWK(jwk, ID_TOKEN_ALG)) as CryptoKey;
      return this.#remember({ kid: newest.kid, key }, newest.createdAt.getTime());
    }
    return this.#remember(await this.#make(), Date.now());
  }

  #remember(key: ActiveKey, createdAt: number): ActiveKey {
    this.#active = { key, createdAt, until: Date.now() + CACHE_MS };
    return key;
  }

  /** A new key; the ones it replaces are retired (still published until their tokens expire). */
  async #make(): Promise<ActiveKey> {
    const { publicKey, privateKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ID_TOKEN_ALG, use: 'sig' };
    const privateJwk = await exportJWK(privateKey);
    await this.#repo.addKey(
      { kid, alg: ID_TOKEN_ALG, publicJwk, privateJwkSealed: this.#box.seal(JSON.stringify(privateJwk)) },
      this.#publishedSeconds,
    );
    return { kid, key: privateKey };
  }

  /** The public keys a game may meet in an ID token that has not expired (the JWKS, RFC 7517). */
  async published(): Promise<{ keys: JWK[] }> {
    await this.active();
    const jwks = await this.#repo.publishedKeys(this.#publishedSeconds);
    return { keys: jwks as JWK[] };
  }
}
