import { useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { askForMatchesEarly } from '../ui/matches/askForMatchesEarly';
import { MatchesProvider } from '../ui/matches/MatchesProvider';
import { MatchesPage } from '../ui/matches/MatchesPage';
import { slotFromParam } from '../ui/profile/profileSlots';
import { PATHS } from '../paths';

export const matchesMeta: PageMeta = {
  title: 'Your job matches',
  description:
    'The open tech jobs that fit your ApplyFirst profile, best first: the score, why each fits, the skills you lack, how fresh it is, and where to apply.',
  url: PATHS.matches,
  noIndex: true,
};

// This chunk is loaded before hydration when a page opens here (main.tsx): the list's answers are
// asked for then, while the session runtime loads. Not in the prerender, which has no window.
if (typeof window !== 'undefined') void askForMatchesEarly();

export function MatchesRoute() {
  // Which of the user's profiles: `?slot=N`, slot 1 when absent (the prerender has no query).
  const [params] = useSearchParams();
  const slot = slotFromParam(params.get('slot'));
  return (
    <>
      <PageHead meta={matchesMeta} />
      <MatchesProvider slot={slot}>
        <MatchesPage slot={slot} />
      </MatchesProvider>
    </>
  );
}
