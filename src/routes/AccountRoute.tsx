import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { AccountPage } from '../ui/account/AccountPage';
import { PATHS } from '../paths';

export const accountMeta: PageMeta = {
  title: 'Your account',
  description:
    'Manage your ApplyFirst account: sign-in details, password, billing and account deletion.',
  url: PATHS.account,
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
