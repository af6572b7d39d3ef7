/**
 * The product backend's HTTP contract: the one module `server/` and `src/` share, written by topic
 * in this folder's files. It imports nothing from outside this folder. Every route but `GET /health` and the payment provider's webhook needs
 * `Authorization: Bearer <Firebase ID token>`.
 * Every error answer is an `ApiError` whose status and message come from `API_ERRORS`.
 */

/** `GET /health`, no token needed. */
export interface HealthResponse {
  status: 'ok';
}

export * from './account';
export * from './errors';
export * from './follows';
export * from './matches';
export * from './plans';
export * from './profile';
export * from './push';
export * from './matchActions';
