/**
 * The catalogue's messages for a session that cannot run, in a module of their own: the session UI
 * shows them when the runtime's chunk did not load or the actor stopped on an error, and must not
 * carry the whole catalogue into every page's first load for them.
 */
export const SESSION_UNAVAILABLE_MESSAGE =
  'Failed to create session. Check your connection and try again.';

export const SESSION_STOPPED_MESSAGE =
  'Signing in stopped working because of an unexpected error. Please try again.';
