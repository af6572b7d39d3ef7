import { legalMeta } from './legal/legalDocument';
import { LegalPage } from './legal/LegalPage';
import { imprint } from './legal/imprint';

export const imprintMeta = legalMeta(imprint);

export function ImprintRoute() {
  return <LegalPage document={imprint} />;
}
