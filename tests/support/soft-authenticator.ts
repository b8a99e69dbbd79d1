/**
 * A passkey authenticator in software, for tests that check the server's WebAuthn (decision 0202)
 * without a browser: it answers registration and sign-in options as a platform authenticator does
 * (attestation 'none', a P-256 key, user present and verified), and can answer wrongly on purpose
 * (another origin, another challenge, a bad signature). The browser test uses Chromium's own
 * virtual authenticator instead (tests/e2e/passkeys.e2e.test.ts).
 */
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export type SoftPasskey = { id: string; privateKey: KeyObject; userHandle?: string; counter: number };

export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, from = origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  }

  return {
    /** A new passkey's answer to registration options (`challenge` from them). */
    register(
      options: { challenge: string; user?: { id: string } },
      wrong: { origin?: string; challenge?: string; again?: SoftPasskey } = {},
    ): { passkey: SoftPasskey; response: Record<string, unknown> } {
      // `again`: the same passkey registered a second time
      const { privateKey, publicKey } = wrong.again
        ? { privateKey: wrong.again.privateKey, publicKey: createPublicKey(wrong.again.privateKey) }
        : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = wrong.again ? Buffer.from(wrong.again.id, 'base64url') : randomBytes(16);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        Buffer.alloc(4),
        Buffer.alloc(16), // AAGUID
        length,
        credentialId,
        Buffer.from(cose),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      const id = b64url(credentialId);
      return {
        passkey: { id, privateKey, userHandle: options.user?.id, counter: 0 },
        response: {
          id,
          rawId: id,
          type: 'public-key',
          response: {
            clientDataJSON: b64url(
              clientData('webauthn.create', wrong.challenge ?? options.challenge, wrong.origin),
            ),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
          authenticatorAttachment: 'platform',
        },
      };
    },

    /** A passkey's answer to sign-in options; `wrong.signature` signs something else. */
    authenticate(
      passkey: SoftPasskey,
      options: { challenge: string },
      wrong: { origin?: string; signature?: boolean } = {},
    ): Record<string, unknown> {
      passkey.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(passkey.counter);
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter]);
      const data = clientData('webauthn.get', options.challenge, wrong.origin);
      const signed = Buffer.concat([authenticatorData, sha256(wrong.signature ? 'something else' : data)]);
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(sign('sha256', signed, passkey.privateKey)),
          ...(passkey.userHandle && { userHandle: passkey.userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
