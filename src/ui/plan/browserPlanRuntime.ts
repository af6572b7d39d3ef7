/**
 * The plan's browser runtime: loaded with a dynamic import once a plan is shown, so Firebase stays
 * out of the first page load. Nothing in the entry graph may import this statically.
 */
import type { GetPlanResponse } from '../../backendApi';
import { config } from '../../config';
import { createIdTokenSource } from '../../machines/firebaseSession';
import { fetchPlan } from './planClient';

export function loadBrowserPlan(): Promise<GetPlanResponse> {
  return fetchPlan({ baseUrl: config.backendUrl, getIdToken: createIdTokenSource(config) });
}
