import { REQUEST_TIME_LIMIT_MS } from './requestLimits';

/**
 * GET answers asked for before the app's runtime has loaded, with the ID token persisted on the
 * last visit: a returning seeker's list is on its way while the Firebase SDK starts and reloads
 * its user. The backend client takes an answer only for the path and the token it would send
 * itself, so another user, a signed-out one or a refreshed token is asked afresh.
 */
export interface EarlyAnswers {
  /** The answer to `GET path` asked with `token`, once; undefined when there is none (any more). */
  take(path: string, token: string): Promise<Response> | undefined;
}

/** An answer not taken by then is dropped: the list it holds would be stale. */
const EARLY_ANSWER_LIFETIME_MS = 20_000;

let asked: { token: string; at: number; answers: Map<string, Promise<Response>> } | undefined;

/** Asks the backend at `baseUrl` for each of `paths` with `token`, now, for the client to take. */
export function askEarly(baseUrl: string, token: string, paths: readonly string[]): void {
  const answers = new Map(
    paths.map((path) => {
      const answer = fetch(`${baseUrl}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(REQUEST_TIME_LIMIT_MS),
      });
      // Not taken, a failed answer is nobody's concern; taken, the client handles it.
      answer.catch(() => undefined);
      return [path, answer] as const;
    }),
  );
  asked = { token, at: Date.now(), answers };
}

/** The answers `askEarly` asked for on this page, each taken once. */
export const earlyAnswers: EarlyAnswers = {
  take(path, token) {
    if (asked === undefined) return undefined;
    const answer = asked.answers.get(path);
    asked.answers.delete(path);
    const fresh = Date.now() - asked.at < EARLY_ANSWER_LIFETIME_MS;
    return token === asked.token && fresh ? answer : undefined;
  },
};
