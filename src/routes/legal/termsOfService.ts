import { config } from '../../config';
import { heading, list, paragraph } from '../content/contentBlocks';
import type { LegalDocument } from './legalDocument';
import { PATHS } from '../../paths';

export const termsOfService: LegalDocument = {
  title: 'Terms of service',
  description:
    'The terms for using ApplyFirst: accounts, the Free and Pro plans, billing and cancellation, acceptable use, your content and our responsibilities.',
  path: PATHS.terms,
  lastUpdated: '2024-06-01',
  body: [
    paragraph(
      'These terms are an agreement between you and the company named in the imprint (“we”) about your use of ApplyFirst. By using the website or creating an account you accept them. Please read them together with the privacy policy and the refund policy.',
    ),
    heading('1. The service'),
    paragraph(
      'ApplyFirst compares the CV and preferences you give us with newly published tech job postings in the United States and remote roles, and alerts you to postings that match. Postings come from third parties. We work to keep them accurate and current, but we do not control them, and we cannot promise that any employer will reply, interview you or hire you.',
    ),
    heading('2. Accounts'),
    list(
      'When you visit, you get a guest session. Registering with an e-mail address or a Google account keeps your data under that account.',
      'You must be at least 16 years old and give accurate information.',
      'Keep your password safe. You are responsible for activity in your account; tell us promptly if you think someone else has used it.',
      'An account is for one person. Do not share it or resell alerts.',
    ),
    heading('3. Plans, billing and cancellation'),
    list(
      'Free is free of charge and may be limited, as described on the pricing section of the home page.',
      'Pro is a monthly subscription charged in advance through our payment provider. It renews automatically until you cancel.',
      'You can cancel at any time under “Manage billing” on your account page; Pro stays active until the end of the paid period.',
      'We may change prices with at least 30 days’ notice by e-mail. The new price applies from your next renewal after the notice period, and you can cancel before then.',
      'Prices exclude taxes where these are added at checkout.',
      'Refunds follow our refund policy.',
    ),
    heading('4. Acceptable use'),
    list(
      'Do not upload content you have no right to use, or that is unlawful, misleading or harmful.',
      'Do not scrape, copy or redistribute the service or its job data, or use it to build a competing product.',
      'Do not probe, overload or get around the security or limits of the service.',
      'Do not use ApplyFirst to send automated or bulk applications to employers.',
    ),
    heading('5. Your content'),
    paragraph(
      'You keep all rights in your CV and the other content you provide. You allow us to store and process it only to run the service for you, as described in the privacy policy. You can delete it at any time by deleting your account.',
    ),
    heading('6. Availability and changes'),
    paragraph(
      'We aim for the service to be available around the clock, but alerts can be delayed or missed, for example when a job board changes or during maintenance. We may improve or change features; if we remove a core part of Pro, you may cancel and receive a pro-rata refund for the unused period.',
    ),
    heading('7. Liability'),
    paragraph(
      'The service is provided with reasonable care and skill. To the extent the law allows, our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim, and we are not liable for indirect or consequential losses such as lost earnings. Nothing in these terms limits liability that cannot be limited by law.',
    ),
    heading('8. Ending the agreement'),
    paragraph(
      'You can stop using ApplyFirst and delete your account at any time. We may suspend or close accounts that break these terms, after a warning where reasonable, and will refund any prepaid period we do not provide unless the account was closed for serious misuse.',
    ),
    heading('9. Law and contact'),
    paragraph(
      `These terms are governed by the law stated in the imprint, without depriving consumers of protections under the law of the place where they live. Questions about these terms: ${config.contactEmail}.`,
    ),
  ],
};
