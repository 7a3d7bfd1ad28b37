// Encrypts secrets at rest with AES-256-GCM under MFA_SECRET_KEY: two-factor secrets (and the backup
// codes, so they can be shown again), the ID-token signing keys, the platforms' client secrets. A stored value is "v1.<iv>.<tag>.<ciphertext>" in base64url;
// the version leaves room for a key rotation.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export class SecretBox {
  readonly #key: Buffer;

  /** `key`: any string of at least 32 characters; the AES key is its SHA-256. */
  constructor(key: string) {
    this.#key = createHash('sha256').update(key, 'utf8').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(stored: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The box of a use of MFA_SECRET_KEY (`:platforms`, `:id-token-keys`): each use has its own AES key. */
export function secretBoxFor(key: string, use: string): SecretBox {
  return new SecretBox(`${key}:${use}`);
}
