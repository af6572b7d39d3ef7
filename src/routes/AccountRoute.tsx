import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { AccountPage } from '../ui/AccountPage';

export const accountMeta: PageMeta = {
  title: 'Your account',
  description:
    'Manage your ApplyFirst account: sign-in details, password, billing and account deletion.',
  url: '/account',
  noIndex: true,
};

export function AccountRoute() {
  return (
    <>
      <PageHead meta={accountMeta} />
      <AccountPage />
    </>
  );
}
