export interface Plan {
  id: 'free' | 'pro';
  name: string;
  /** Whole US dollars per month. */
  monthlyPriceUsd: number;
  summary: string;
  features: readonly string[];
  /** Paid plans go to checkout; Free starts with an account. */
  paid: boolean;
  callToAction: string;
  highlighted: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    summary: 'Try CV matching and see the jobs you would have been alerted to.',
    features: [
      'One CV and one search profile',
      'Daily digest of new matching jobs',
      'US and remote tech roles',
      'Match reasons for every job',
    ],
    paid: false,
    callToAction: 'Start free',
    highlighted: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 19,
    summary: 'Real-time alerts so you can apply within minutes of a job going live.',
    features: [
      'Real-time alerts by e-mail and browser notification',
      'Up to three CVs and search profiles',
      'Location, time-zone, salary and visa filters',
      'Requirements your CV covers, and those it misses',
      'Cancel any time, 14-day money-back guarantee',
    ],
    paid: true,
    callToAction: 'Get Pro',
    highlighted: true,
  },
];
