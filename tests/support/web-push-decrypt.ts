/**
 * A browser's side of Web Push, for a stand-in push service (decision 0205): a subscription's keys
 * (a P-256 key pair and a 16-byte auth secret, as a browser makes them) and the decryption of what
 * the server sent to it, by RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm
 * content coding, with node:crypto alone, so the test checks the real encryption rather than the
 * library's own round trip.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

export type BrowserKeys = {
  /** what PushSubscription.toJSON() gives as `keys` */
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): Buffer;
};

/** A browser's subscription keys, and the decryption of a message to them. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey(); // 65 bytes, uncompressed
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body: Buffer): Buffer {
      // RFC 8188 §2.1: salt (16) | record size (4) | key id length (1) | key id (the sender's public key)
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const records = body.subarray(21 + idLength);
      if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, not a P-256 public key`);
      if (records.length > recordSize) throw new Error('more than one record');
      // RFC 8291 §3.3-3.4
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      // one record: its sequence number 0 leaves the nonce as it is
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // RFC 8188 §2: the last record's data ends with 0x02, then zero or more zero bytes of padding
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end);
    },
  };
}
