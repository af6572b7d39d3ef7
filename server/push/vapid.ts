import { createECDH, createHash } from 'node:crypto';
import type { ServerConfig } from '../config';

/** The key pair push messages are signed with (base64url), and who push services may contact. */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
}

type VapidSettings = Pick<
  ServerConfig,
  'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject' | 'firebaseProjectId'
>;

const PUBLIC_KEY_BYTES = 65;
const PRIVATE_KEY_BYTES = 32;

/**
 * The configured keys; without them a `demo-` project derives a pair from its id, so every start
 * and every process signs with the same key and a device subscribed yesterday still gets
 * messages. Anyone can derive that pair, so a real project sends no push messages without
 * VAPID_* (null). Keys are never logged.
 */
export function vapidKeysOf(settings: VapidSettings): VapidKeys | null {
  const subject = settings.vapidSubject;
  const { vapidPublicKey: publicKey, vapidPrivateKey: privateKey } = settings;
  if (publicKey !== null && privateKey !== null) {
    const sizes = [Buffer.from(publicKey, 'base64url'), Buffer.from(privateKey, 'base64url')];
    if (sizes[0]?.length !== PUBLIC_KEY_BYTES || sizes[1]?.length !== PRIVATE_KEY_BYTES) {
      throw new Error(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url ' +
          '(`npx web-push generate-vapid-keys` prints one).',
      );
    }
    return { publicKey, privateKey, subject };
  }
  if (!settings.firebaseProjectId.startsWith('demo-')) return null;
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(
    createHash('sha256').update(`applyfirst-demo-vapid:${settings.firebaseProjectId}`).digest(),
  );
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    subject,
  };
}
