import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { LoginPage } from '../ui/LoginPage';

export const loginMeta: PageMeta = {
  title: 'Sign in or create an account',
  description:
    'Sign in to ApplyFirst or create a free account to get real-time alerts for new tech jobs that match your CV.',
  url: '/login',
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
