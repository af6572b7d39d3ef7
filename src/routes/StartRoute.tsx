import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { ProfileProvider } from '../ui/profile/ProfileProvider';
import { StartPage } from '../ui/start/StartPage';
import { PATHS } from '../paths';

export const startMeta: PageMeta = {
  title: 'Start with your CV',
  description:
    'Drop your CV and ApplyFirst proposes the roles, skills, level and places to match, or start with a role and a few skills. Then see your matching tech jobs at once.',
  url: PATHS.start,
  noIndex: true,
};

/** `/start`, where "Start free" leads: always the first profile (slot 1). */
export function StartRoute() {
  return (
    <>
      <PageHead meta={startMeta} />
      <ProfileProvider slot={1}>
        <StartPage />
      </ProfileProvider>
    </>
  );
}
