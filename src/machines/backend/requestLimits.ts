/** How long a call to the backend may take before it is given up. */
export const REQUEST_TIME_LIMIT_MS = 30_000;
/** A CV upload's limit: a larger body on a slow connection. */
export const UPLOAD_TIME_LIMIT_MS = 60_000;
