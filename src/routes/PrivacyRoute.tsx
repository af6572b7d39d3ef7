import { legalMeta } from './legal/legalDocument';
import { LegalPage } from './legal/LegalPage';
import { privacyPolicy } from './legal/privacyPolicy';

export const privacyMeta = legalMeta(privacyPolicy);

export function PrivacyRoute() {
  return <LegalPage document={privacyPolicy} />;
}
