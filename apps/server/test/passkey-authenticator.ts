// A software passkey authenticator for tests (a protocol peer, as a browser with a platform
// authenticator would answer): it creates ES256 credentials with "none" attestation and signs
// assertions over authenticatorData || SHA-256(clientDataJSON), per WebAuthn Level 3 §6.1 and §6.5.
// Browser tests use Chromium's own virtual authenticator instead.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Credential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface AuthenticatorFlags {
  /** The user verified (PIN or biometrics): the UV flag. */
  verified?: boolean;
  /** A synced passkey: the BE and BS flags. */
  synced?: boolean;
}

function flags({ verified = true, synced = true }: AuthenticatorFlags, attested: boolean): number {
  return 0x01 | (verified ? 0x04 : 0) | (synced ? 0x08 | 0x10 : 0) | (attested ? 0x40 : 0);
}

const counterBytes = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(n);
  return buffer;
};

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return b64(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Answers creation options (PublicKeyCredentialCreationOptionsJSON) with a new credential. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
  flagSet: AuthenticatorFlags = {},
): { credential: Credential; response: Record<string, unknown> } {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x as string, 'base64url')],
    [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags(flagSet, true)]),
    counterBytes(0),
    Buffer.alloc(16),
    idLength,
    credentialId,
    Buffer.from(isoCBOR.encode(cose)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const id = b64(credentialId);
  return {
    credential: { id, privateKey, userHandle: options.user.id, rpId, counter: 0 },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData('webauthn.create', options.challenge, origin),
        attestationObject: b64(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** Answers request options with an assertion of the credential (its counter moves on by one). */
export function assertCredential(
  credential: Credential,
  options: { challenge: string },
  origin: string,
  flagSet: AuthenticatorFlags & { counter?: number } = {},
): Record<string, unknown> {
  credential.counter = flagSet.counter ?? credential.counter + 1;
  const authData = Buffer.concat([
    sha256(credential.rpId),
    Buffer.from([flags(flagSet, false)]),
    counterBytes(credential.counter),
  ]);
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), {
    key: credential.privateKey,
  });
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    response: {
      clientDataJSON,
      authenticatorData: b64(authData),
      signature: b64(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
