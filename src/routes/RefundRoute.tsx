import { legalMeta } from './legal/legalDocument';
import { LegalPage } from './legal/LegalPage';
import { refundPolicy } from './legal/refundPolicy';

export const refundMeta = legalMeta(refundPolicy);

export function RefundRoute() {
  return <LegalPage document={refundPolicy} />;
}
