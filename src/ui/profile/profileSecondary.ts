// What the profile page shows below its form (or instead of it, for a slot the plan does not
// cover), and the salary floor's currency and period pickers in it: one chunk, loaded beside the
// form rather than in the page's first load.
export { CvSection } from './CvSection';
export { DeleteProfile } from './DeleteProfile';
export { FollowedCompanies } from './FollowedCompanies';
export { InactiveProfile } from './InactiveProfile';
export { SalaryUnit } from './SalaryUnit';
