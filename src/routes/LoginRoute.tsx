import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { LoginPage } from '../ui/login/LoginPage';
import { PATHS } from '../paths';

export const loginMeta: PageMeta = {
  title: 'Sign in or create an account',
  description:
    'Sign in to ApplyFirst or create a free account to get real-time alerts for new tech jobs that match your CV.',
  url: PATHS.login,
  noIndex: true,
};

export function LoginRoute() {
  return (
    <>
      <PageHead meta={loginMeta} />
      <LoginPage />
    </>
  );
}
