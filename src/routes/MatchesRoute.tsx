import { useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { MatchesProvider } from '../ui/matches/MatchesProvider';
import { MatchesPage } from '../ui/MatchesPage';
import { slotFromParam } from '../ui/profile/profileSlots';
import { PATHS } from '../paths';

export const matchesMeta: PageMeta = {
  title: 'Your job matches',
  description:
    'The open tech jobs that fit your ApplyFirst profile, best first: the score, why each fits, the skills you lack, how fresh it is, and where to apply.',
  url: PATHS.matches,
  noIndex: true,
};

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
