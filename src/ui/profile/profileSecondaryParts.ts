import { lazy } from 'react';

/** The chunk of what the profile page shows beside and below its form (profileSecondary.ts). */
const secondary = () => import('./profileSecondary');

export const InactiveProfile = lazy(async () => ({ default: (await secondary()).InactiveProfile }));
export const CvSection = lazy(async () => ({ default: (await secondary()).CvSection }));
export const FollowedCompanies = lazy(async () => ({
  default: (await secondary()).FollowedCompanies,
}));
export const DeleteProfile = lazy(async () => ({ default: (await secondary()).DeleteProfile }));
export const SalaryUnit = lazy(async () => ({ default: (await secondary()).SalaryUnit }));
