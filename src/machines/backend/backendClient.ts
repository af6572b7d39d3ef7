import type {
  AlertMatch,
  AlertProfileInput,
  CarryOverRequest,
  CarryOverResponse,
  DeleteAccountResponse,
  DeleteCvResponse,
  DeleteProfileResponse,
  DismissSuggestionRequest,
  FollowMode,
  FollowsResponse,
  FollowSource,
  GetAlertsResponse,
  GetMatchesResponse,
  GetPlanResponse,
  GetProfileResponse,
  GetProfilesResponse,
  MarkAlertsSeenResponse,
  MatchActionsResponse,
  ProfileSlot,
  PutCvResponse,
  PutHiddenCompanyRequest,
  PutMatchActionRequest,
  PutProfileResponse,
} from '../../../contract';
import { apiSlotPath } from './apiPaths';
import { BackendFailure, failureFromAnswer, failureFromThrown } from './backendErrors';
import type { EarlyAnswers } from './earlyAnswers';
import { REQUEST_TIME_LIMIT_MS, UPLOAD_TIME_LIMIT_MS } from './requestLimits';

export interface BackendClientOptions {
  /** The backend's origin, e.g. `http://127.0.0.1:8080`, without a trailing slash. */
  baseUrl: string;
  /** The current user's Firebase ID token. */
  getIdToken: () => Promise<string>;
  /** Replaces the global `fetch` (tests). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** How long a request may take (uploads get `UPLOAD_TIME_LIMIT_MS`). */
  timeLimitMs?: number;
  /** GETs asked before the client existed; one is used when its path and token are this call's. */
  early?: EarlyAnswers;
}

/** Profile, CV and matches calls take a slot; without one the backend reads slot 1. */
export interface BackendClient {
  getProfile(slot?: ProfileSlot): Promise<GetProfileResponse>;
  /** Every slot that holds a profile or a CV, and how many the plan covers. */
  listProfiles(): Promise<GetProfilesResponse>;
  putProfile(input: AlertProfileInput, slot?: ProfileSlot): Promise<PutProfileResponse>;
  /** The slot's profile and its CV. */
  deleteProfile(slot?: ProfileSlot): Promise<DeleteProfileResponse>;
  putCv(file: File, slot?: ProfileSlot): Promise<PutCvResponse>;
  deleteCv(slot?: ProfileSlot): Promise<DeleteCvResponse>;
  /** The companies the slot's profile follows, and how its matches treat them. */
  getFollows(slot?: ProfileSlot): Promise<FollowsResponse>;
  /** Follows the company whose careers page URL this is (the backend reads it, never fetches it). */
  follow(url: string, slot?: ProfileSlot): Promise<FollowsResponse>;
  unfollow(
    board: { source: FollowSource; token: string },
    slot?: ProfileSlot,
  ): Promise<FollowsResponse>;
  setFollowMode(mode: FollowMode, slot?: ProfileSlot): Promise<FollowsResponse>;
  /** As the account (this client's user), with the discarded guest's ID token as proof. */
  carryOver(request: CarryOverRequest): Promise<CarryOverResponse>;
  /** Deletes the user's data and its Firebase user (needs a recent sign-in). */
  deleteAccount(): Promise<DeleteAccountResponse>;
  /** The plan the payment provider's events gave the user (Free when it never paid). */
  getPlan(): Promise<GetPlanResponse>;
  /** One profile's matches among open jobs, best first (`profileMissing` without a profile). */
  getMatches(slot?: ProfileSlot): Promise<GetMatchesResponse>;
  /** The jobs the slot's profile saved, applied to or hid, and what its hides suggest. */
  getMatchActions(slot?: ProfileSlot): Promise<MatchActionsResponse>;
  /** What the seeker did with one job, as a whole (nothing kept forgets it). */
  putMatchAction(
    jobId: number,
    action: PutMatchActionRequest,
    slot?: ProfileSlot,
  ): Promise<MatchActionsResponse>;
  /** Hides every job of a company for the profile, now and later, or shows them again. */
  putHiddenCompany(
    request: PutHiddenCompanyRequest,
    slot?: ProfileSlot,
  ): Promise<MatchActionsResponse>;
  /** Keeps "Not now" on a suggestion (it comes back only when its hides grow). */
  dismissSuggestion(
    suggestion: DismissSuggestionRequest,
    slot?: ProfileSlot,
  ): Promise<MatchActionsResponse>;
  /** The user's recent alerts, newest first, each a match with whether it is new. */
  alerts(): Promise<GetAlertsResponse>;
  /** Marks the given alerts (all of the user's without ids) as seen. */
  markAlertsSeen(alertIds?: number[]): Promise<MarkAlertsSeenResponse>;
  /**
   * Reads the live alert stream until the server ends it (its token expired: resolves; connect
   * again) or `signal` aborts (resolves). Calls `onOpen` once connected and `onAlert` for each new
   * alert. Rejects with a `BackendFailure` when it cannot connect, is refused, or goes silent.
   */
  streamAlerts(
    signal: AbortSignal,
    onAlert: (alert: AlertMatch) => void,
    onOpen?: () => void,
  ): Promise<void>;
}

export function createBackendClient(options: BackendClientOptions): BackendClient {
  const send = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));

  async function bearer(): Promise<string> {
    return options.getIdToken().catch(() => {
      throw new BackendFailure('session-missing');
    });
  }

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: { json: unknown } | { form: FormData } | null,
    timeLimitMs = options.timeLimitMs ?? REQUEST_TIME_LIMIT_MS,
  ): Promise<T> {
    const token = await bearer();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    let payload: BodyInit | undefined;
    if (body && 'json' in body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body) {
      payload = body.form;
    }
    const ask = () =>
      send(`${options.baseUrl}${path}`, {
        method,
        headers,
        ...(payload === undefined ? {} : { body: payload }),
        signal: AbortSignal.timeout(timeLimitMs),
      });
    const early = method === 'GET' ? options.early?.take(path, token) : undefined;
    try {
      // An early answer that never came (offline then, say) is asked for again.
      const response = early === undefined ? await ask() : await early.catch(ask);
      if (!response.ok) throw await failureFromAnswer(response);
      return (await response.json()) as T;
    } catch (error) {
      throw failureFromThrown(error);
    }
  }

  return {
    getProfile: (slot) =>
      request<GetProfileResponse>('GET', apiSlotPath('/v1/profile', slot), null),
    listProfiles: () => request<GetProfilesResponse>('GET', '/v1/profiles', null),
    putProfile: (input, slot) =>
      request<PutProfileResponse>('PUT', apiSlotPath('/v1/profile', slot), { json: input }),
    deleteProfile: (slot) =>
      request<DeleteProfileResponse>('DELETE', apiSlotPath('/v1/profile', slot), null),
    putCv(file, slot) {
      const form = new FormData();
      form.append('file', file, file.name);
      const path = apiSlotPath('/v1/profile/cv', slot);
      return request<PutCvResponse>('PUT', path, { form }, UPLOAD_TIME_LIMIT_MS);
    },
    deleteCv: (slot) =>
      request<DeleteCvResponse>('DELETE', apiSlotPath('/v1/profile/cv', slot), null),
    getFollows: (slot) =>
      request<FollowsResponse>('GET', apiSlotPath('/v1/profile/follows', slot), null),
    follow: (url, slot) =>
      request<FollowsResponse>('POST', apiSlotPath('/v1/profile/follows', slot), {
        json: { url },
      }),
    unfollow: ({ source, token }, slot) =>
      request<FollowsResponse>(
        'DELETE',
        apiSlotPath(`/v1/profile/follows/${source}/${encodeURIComponent(token)}`, slot),
        null,
      ),
    setFollowMode: (mode, slot) =>
      request<FollowsResponse>('PUT', apiSlotPath('/v1/profile/follows/mode', slot), {
        json: { mode },
      }),
    carryOver: (body) => request<CarryOverResponse>('POST', '/v1/carry-over', { json: body }),
    deleteAccount: () => request<DeleteAccountResponse>('DELETE', '/v1/account', null),
    getPlan: () => request<GetPlanResponse>('GET', '/v1/plan', null),
    getMatches: (slot) =>
      request<GetMatchesResponse>('GET', apiSlotPath('/v1/matches', slot), null),
    getMatchActions: (slot) =>
      request<MatchActionsResponse>('GET', apiSlotPath('/v1/matches/actions', slot), null),
    putMatchAction: (jobId, action, slot) =>
      request<MatchActionsResponse>('PUT', apiSlotPath(`/v1/matches/${jobId}/action`, slot), {
        json: action,
      }),
    putHiddenCompany: (body, slot) =>
      request<MatchActionsResponse>('PUT', apiSlotPath('/v1/matches/companies', slot), {
        json: body,
      }),
    dismissSuggestion: (suggestion, slot) =>
      request<MatchActionsResponse>('POST', apiSlotPath('/v1/matches/suggestions/dismiss', slot), {
        json: suggestion,
      }),
    alerts: () => request<GetAlertsResponse>('GET', '/v1/alerts', null),
    markAlertsSeen: (alertIds) =>
      request<MarkAlertsSeenResponse>('POST', '/v1/alerts/seen', {
        json: alertIds === undefined ? {} : { alertIds },
      }),
    async streamAlerts(signal, onAlert, onOpen) {
      const token = await bearer();
      // Its own chunk, loaded with the first stream: pages that only show messages import this module.
      const { readAlertStream } = await import('../matches/alertStreamReader');
      return readAlertStream({
        url: `${options.baseUrl}/v1/alerts/stream`,
        token,
        send,
        signal,
        connectLimitMs: options.timeLimitMs ?? REQUEST_TIME_LIMIT_MS,
        onAlert,
        ...(onOpen ? { onOpen } : {}),
      });
    },
  };
}
