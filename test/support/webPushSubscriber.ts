import { createECDH, hkdfSync, randomBytes, createDecipheriv, type ECDH } from 'node:crypto';

/**
 * A Web Push subscriber as a browser is one: its own P-256 key pair and 16-byte auth secret, and
 * the decryption of RFC 8291 (`aes128gcm`, RFC 8188) written here with node:crypto alone, apart
 * from the library the server encrypts with, so a test proves what a browser would read.
 */
export interface WebPushSubscriber {
  /** The subscription's keys as `PushSubscription.toJSON()` gives them (base64url). */
  readonly keys: { p256dh: string; auth: string };
  readonly decrypt: (body: Buffer) => string;
}

export function webPushSubscriber(): WebPushSubscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: authSecret.toString('base64url'),
    },
    decrypt: (body) => decryptAes128gcm(body, ecdh, authSecret),
  };
}

const info = (text: string) => Buffer.concat([Buffer.from(text, 'ascii'), Buffer.from([0])]);

/** RFC 8291 section 3.4 then RFC 8188: one record, its padding delimiter 0x02 (the last record). */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || record.length > recordSize)
    throw new Error('Not one aes128gcm record.');
  const receiverPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([info('WebPush: info'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('The last record has no 0x02 padding delimiter.');
  return padded.subarray(0, end).toString('utf8');
}
