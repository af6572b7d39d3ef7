import type { AlertProfileInput } from '../../contract';
import { residenceOf } from '../jobs/store/remoteAreas';
import { uniqueCities, uniqueTexts } from '../profile/normaliseProfile';

/**
 * The merge mode for profiles: lists joined (account's entries first), remote flags and the visa
 * need OR-ed (so no alert the user wanted is lost), the account's seniority and country kept, the account's
 * minimum salary kept unless it has none.
 */
export function mergeProfiles(
  account: AlertProfileInput,
  guest: AlertProfileInput,
): AlertProfileInput {
  return {
    targetRoles: uniqueTexts([...account.targetRoles, ...guest.targetRoles]),
    skills: uniqueTexts([...account.skills, ...guest.skills]),
    where: {
      remoteUs: account.where.remoteUs || guest.where.remoteUs,
      remoteWorldwide: account.where.remoteWorldwide || guest.where.remoteWorldwide,
      usStates: [...new Set([...account.where.usStates, ...guest.where.usStates])],
      usCities: uniqueCities([...account.where.usCities, ...guest.where.usCities]),
      country: residenceOf(account.where),
    },
    seniority: account.seniority,
    minSalary: account.minSalary ?? guest.minSalary,
    needsVisaSponsorship: account.needsVisaSponsorship || guest.needsVisaSponsorship,
  };
}
