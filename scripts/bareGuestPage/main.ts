/**
 * The bare page `npm run bench:session` measures the app against: the Firebase Auth SDK set up
 * with the app's persistence (no popup resolver, no React), then an anonymous sign-in, nothing
 * else. The benchmark builds it with Vite and fills in the emulator's address.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  signInAnonymously,
} from 'firebase/auth';

declare const __AUTH_EMULATOR_URL__: string;

const app = initializeApp({
  apiKey: 'demo-api-key',
  authDomain: 'demo-applyfirst.firebaseapp.com',
  projectId: 'demo-applyfirst',
});
const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});
connectAuthEmulator(auth, __AUTH_EMULATOR_URL__, { disableWarnings: true });
void signInAnonymously(auth);
