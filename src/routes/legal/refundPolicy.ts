import { config } from '../../config';
import { heading, list, paragraph, steps } from '../content/contentBlocks';
import type { LegalDocument } from './legalDocument';
import { PATHS } from '../../paths';

export const refundPolicy: LegalDocument = {
  title: 'Refund policy',
  description:
    'ApplyFirst refunds: a 14-day money-back guarantee on your first Pro payment, cancellation at any time, and how to ask for a refund.',
  path: PATHS.refund,
  lastUpdated: '2024-06-01',
  body: [
    paragraph(
      'We want you to pay for ApplyFirst only if it helps your job search. This policy explains when you can get your money back and how.',
    ),
    heading('14-day money-back guarantee'),
    paragraph(
      'If you subscribe to Pro for the first time and are not satisfied, ask for a refund within 14 days of your first payment and we will refund that payment in full. No questions asked, and you keep access until the end of the day we process the refund.',
    ),
    heading('Renewals and cancellation'),
    list(
      'Pro renews automatically each month until you cancel.',
      'You can cancel at any time from your account page under “Manage billing”. Your plan stays active until the end of the period you have paid for and then returns to Free.',
      'Renewal payments are not refunded for partly used periods, except where the law requires it or as described below.',
    ),
    heading('Billing errors'),
    paragraph(
      'If you were charged twice, charged after cancelling, or charged the wrong amount, we refund the incorrect charge in full, whenever you notice it.',
    ),
    heading('How to ask for a refund'),
    steps(
      `E-mail ${config.contactEmail} from the address of your ApplyFirst account, or reply to your payment receipt.`,
      'Tell us the date of the payment. A reason is welcome but not required.',
      'We confirm within two business days. Refunds go back to the original payment method and usually arrive within 5 to 10 business days, depending on your bank.',
    ),
    heading('Your statutory rights'),
    paragraph(
      'This policy does not limit any rights you have under the consumer protection law of the place where you live, including a statutory right of withdrawal where it applies.',
    ),
  ],
};
