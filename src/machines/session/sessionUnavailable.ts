/**
 * The catalogue's message for `session-unavailable`, in a module of its own: the session provider
 * shows it when the runtime's chunk did not load, and must not carry the whole catalogue into
 * every page's first load for it.
 */
export const SESSION_UNAVAILABLE_MESSAGE =
  'Failed to create session. Check your connection and try again.';
