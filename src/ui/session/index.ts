/** The session API for components. The runtime (xstate, Firebase) is not exported: it loads lazily. */
export { SessionProvider, type SessionProviderProps } from './SessionProvider';
export {
  useCarryOverOffer,
  useDisplayedSessionKind,
  useOwnRegistration,
  usePasswordPolicy,
  useReauthenticationFor,
  useSessionOperation,
  useSessionError,
  useSessionNotice,
  useSessionSend,
  useSessionStatus,
  useSessionUser,
} from './hooks';
export type { SessionActor, StartSession } from './sessionActor';
export type { SessionKind } from './sessionKindHint';
export type { SessionOperation } from '../../machines/session/sessionTypes';
export type { ReauthenticationReason, SessionStatus, SessionView } from './restoringView';
