import { legalMeta } from './legal/legalDocument';
import { LegalPage } from './legal/LegalPage';
import { termsOfService } from './legal/termsOfService';

export const termsMeta = legalMeta(termsOfService);

export function TermsRoute() {
  return <LegalPage document={termsOfService} />;
}
