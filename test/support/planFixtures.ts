import { PLAN_LIMITS, type GetPlanResponse } from '../../contract';

/** `GET /v1/plan` for someone who never paid: Free, no status, not a customer. */
export const NEVER_PAID: GetPlanResponse = {
  plan: 'free',
  status: null,
  renewsAt: null,
  endsAt: null,
  isCustomer: false,
  limits: PLAN_LIMITS.free,
  digestHourUtc: 13,
};

/** A Pro customer whose subscription renews. */
export const PRO_RENEWING: GetPlanResponse = {
  plan: 'pro',
  status: 'active',
  renewsAt: '2026-12-01T10:00:00.000Z',
  endsAt: null,
  isCustomer: true,
  limits: PLAN_LIMITS.pro,
  digestHourUtc: 13,
};
