import { DEFAULT_RESIDENCE, type UsCity, type WorkLocations } from '../../contract';
import type { UsEligibility } from '../jobs/jobRecord';
import { residenceOf } from '../jobs/store/remoteAreas';
import { placeKey } from '../jobs/store/usPlaces';

/** A remote choice of the profile. */
export type RemoteChoice = keyof Pick<WorkLocations, 'remoteUs' | 'remoteWorldwide'>;

/** Which profiles accept a job of one kind of US eligibility. */
export interface LocationFit {
  /** The remote choices that accept it (any one of them does). */
  readonly remoteChoices: readonly RemoteChoice[];
  /** Whether a profile naming one of the job's states or cities accepts it. */
  readonly inPlaces: boolean;
  /**
   * Whether, when the job is remote, a profile naming a city in one of its states accepts it: a job
   * remote anywhere in the states it names ("Remote - Oregon") can be done from home in Portland.
   */
  readonly remoteInCityStates: boolean;
}

/**
 * Matching's location rule, read from the profile's side (`candidateJobs`: the jobs a seeker
 * takes) and from the job's side (`profilesForJob`: the seekers a job suits). Remote from anywhere
 * suits either remote choice, remote in the US suits remote in the US and the seekers in its
 * places, an on-site US job suits the seekers in its places, a job outside the US nobody. That is
 * the rule for a US resident; one outside the US takes remote jobs by the countries and regions
 * they are open to (`seekerRemoteAreas`) instead of by their US eligibility.
 */
export const LOCATION_RULE: Readonly<Record<UsEligibility, LocationFit>> = {
  'remote-worldwide': {
    remoteChoices: ['remoteUs', 'remoteWorldwide'],
    inPlaces: false,
    remoteInCityStates: false,
  },
  'remote-us': { remoteChoices: ['remoteUs'], inPlaces: true, remoteInCityStates: false },
  us: { remoteChoices: [], inPlaces: true, remoteInCityStates: true },
  'not-us': { remoteChoices: [], inPlaces: false, remoteInCityStates: false },
};

const KINDS = Object.entries(LOCATION_RULE) as [UsEligibility, LocationFit][];

/**
 * The remote choices that accept a job of this kind for a seeker outside the US: remote from
 * anywhere as for everyone; the remote choice (open to where they live) takes the rest only by
 * the job's remote areas (`seekerRemoteAreas`), never by US eligibility.
 */
export const remoteChoicesAbroad = (kind: UsEligibility): readonly RemoteChoice[] =>
  kind === 'remote-worldwide' ? LOCATION_RULE[kind].remoteChoices : [];

/**
 * The kinds of job the seeker accepts by a remote choice alone, those they accept when the job is
 * in one of their places, and those they accept remote in a state one of their cities lies in.
 */
export function acceptedEligibilities(where: WorkLocations) {
  const abroad = residenceOf(where) !== DEFAULT_RESIDENCE;
  const choices = (kind: UsEligibility) =>
    abroad ? remoteChoicesAbroad(kind) : LOCATION_RULE[kind].remoteChoices;
  return {
    byRemote: KINDS.filter(([kind]) => choices(kind).some((choice) => where[choice])).map(
      ([kind]) => kind,
    ),
    byPlace: KINDS.filter(([, fit]) => fit.inPlaces).map(([kind]) => kind),
    byCityState: KINDS.filter(([, fit]) => fit.remoteInCityStates).map(([kind]) => kind),
  };
}

/** The place keys of the states the seeker's cities lie in (for `remoteInCityStates` jobs). */
export const statesOfCities = (cities: readonly UsCity[]): string[] => [
  ...new Set(cities.map(({ state }) => placeKey(state))),
];
