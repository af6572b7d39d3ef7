import type { AlertEvents } from '../../server/alerts/alertEvents';

/** Alert events for code whose database fails before anything could be announced. */
export const unannouncedAlerts: AlertEvents = {
  publish: () => Promise.reject(new Error('Nothing should be announced here.')),
  subscribe: () => () => undefined,
  subscribeUser: () => () => undefined,
  subscribeResumed: () => () => undefined,
  close: () => Promise.resolve(),
};
