/**
 * The plan's browser runtime: loaded with a dynamic import once a plan is shown, so Firebase stays
 * out of the first page load. Nothing in the entry graph may import this statically.
 */
import type { GetPlanResponse } from '../../../contract';
import { config } from '../../config';
import { createBackendClient } from '../../machines/backend/backendClient';
import { createIdTokenSource } from '../../machines/session/firebase/browserAuth';

export function loadBrowserPlan(): Promise<GetPlanResponse> {
  const client = createBackendClient({
    baseUrl: config.backendUrl,
    getIdToken: createIdTokenSource(config),
  });
  return client.getPlan();
}
