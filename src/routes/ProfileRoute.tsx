import { useSearchParams } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { ProfileProvider } from '../ui/profile/ProfileProvider';
import { ProfilePage } from '../ui/profile/ProfilePage';
import { slotFromParam } from '../ui/profile/profileSlots';
import { PATHS } from '../paths';

export const profileMeta: PageMeta = {
  title: 'Your job alert profile',
  description:
    'Tell ApplyFirst which tech jobs you want: roles, skills, places, seniority, salary and visa needs, and upload your CV.',
  url: PATHS.profile,
  noIndex: true,
};

export function ProfileRoute() {
  // Which of the user's profiles: `?slot=N`, slot 1 when absent (the prerender has no query).
  const [params] = useSearchParams();
  const slot = slotFromParam(params.get('slot'));
  return (
    <>
      <PageHead meta={profileMeta} />
      <ProfileProvider slot={slot}>
        <ProfilePage slot={slot} />
      </ProfileProvider>
    </>
  );
}
