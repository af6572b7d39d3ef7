import type {
  AlertMatch,
  AlertProfile,
  JobMatch,
  MatchAction,
  MatchActionsResponse,
  MatchSuggestion,
  HiddenCompany,
} from '../../contract';

/** A match as `GET /v1/matches` answers it: posted 4 minutes before `CHECKED_AT`. */
export const CHECKED_AT = '2026-11-22T22:04:00.000Z';

export const frontendMatch: JobMatch = {
  jobId: 7,
  title: 'Senior Frontend Engineer',
  company: 'Acme Cloud',
  locations: ['Austin, TX'],
  remote: true,
  usEligibility: 'remote-us',
  seniority: 'senior',
  salary: { currency: 'USD', min: 150_000, max: 190_000 },
  score: 87,
  reasons: [
    {
      kind: 'skills',
      points: 37,
      text: 'It asks for 3 of your skills: TypeScript, React, CSS.',
      covered: ['TypeScript', 'React', 'CSS'],
      missing: ['GraphQL'],
    },
    {
      kind: 'title',
      points: 20,
      text: 'The title matches “Frontend engineer”.',
      matchedRole: 'Frontend engineer',
    },
    {
      kind: 'location',
      points: 10,
      text: 'Remote in the US, as you want.',
      fit: 'remote-us',
      locations: [],
    },
  ],
  coveredSkills: ['TypeScript', 'React', 'CSS'],
  missingSkills: ['GraphQL'],
  postedAt: '2026-11-22T22:00:00.000Z',
  firstSeenAt: '2026-11-22T22:01:00.000Z',
  applyUrl: 'https://boards.example.com/acme/jobs/7',
};

export const savedProfile: AlertProfile = {
  targetRoles: ['Frontend engineer'],
  skills: ['TypeScript', 'React'],
  where: { remoteUs: true, remoteWorldwide: false, usStates: ['TX'], usCities: [] },
  seniority: 'senior',
  minSalary: null,
  needsVisaSponsorship: false,
  updatedAt: '2026-11-22T21:00:00.000Z',
};

/** An alert as `GET /v1/alerts` and the live stream give it: a new posting that fits. */
export const frontendAlert: AlertMatch = {
  ...frontendMatch,
  jobId: 11,
  title: 'Staff Web Engineer',
  company: 'Globex',
  alertId: 101,
  slot: 1,
  alertedAt: '2026-11-22T22:03:00.000Z',
  new: true,
};

/** The backend's row for a job the seeker acted on (at Acme Cloud, nothing kept unless given). */
export const keptAction = (jobId: number, state: Partial<MatchAction> = {}): MatchAction => ({
  jobId,
  title: `Job ${jobId}`,
  company: 'Acme Cloud',
  applyUrl: `https://boards.example.com/acme/jobs/${jobId}`,
  closed: false,
  updatedAt: '2026-11-22T22:05:00.000Z',
  saved: false,
  appliedOn: null,
  hidden: null,
  ...state,
});

/** Slot 1's actions as `GET /v1/matches/actions` and every change answer them. */
export const actionsAnswer = (
  actions: MatchAction[],
  suggestions: MatchSuggestion[] = [],
  hiddenCompanies: HiddenCompany[] = [],
): MatchActionsResponse => ({ slot: 1, actions, suggestions, hiddenCompanies, limit: 2000 });
