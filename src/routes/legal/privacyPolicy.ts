import { config } from '../../config';
import { heading, list, paragraph } from '../content/contentBlocks';
import type { LegalDocument } from './legalDocument';
import { PATHS } from '../../paths';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy policy',
  description:
    'How ApplyFirst handles your personal data: account data in Firebase Authentication, your CV and job preferences, cookies and local storage, and your rights.',
  path: PATHS.privacy,
  lastUpdated: '2024-06-01',
  body: [
    paragraph(
      'This policy explains what personal data ApplyFirst processes when you use the website and the service, why, who else handles it, and the choices and rights you have. The company named in the imprint is responsible for this processing.',
    ),
    heading('Data we process'),
    list(
      'Account data. When you visit, we create an anonymous guest session in Firebase Authentication, a Google Cloud service, identified by a random user ID. When you register, Firebase Authentication stores your e-mail address and a salted hash of your password, or, if you sign in with Google, your Google account ID, e-mail address, name and profile picture. It also records when the account was created and last signed in.',
      'Your CV and job preferences. The CV you upload (usually your work history, skills, education and contact details) and the preferences you set, such as job titles, locations and salary range. We use them only to match you with new job postings and to explain each match.',
      'Alert data. Which jobs we matched and alerted you about, and whether you opened them, so we can improve your matches and avoid repeats.',
      'Billing data. When you subscribe, our payment provider processes your card details on its own checkout page. We never see or store card numbers; we receive your customer ID, plan, payment status and billing e-mail.',
      'Technical data. IP address, browser type and error reports, processed by our hosting and authentication providers to deliver the service securely and to stop abuse.',
      'Messages. What you write to us, for example support or refund requests.',
    ),
    heading('Why we process it'),
    list(
      'To provide the service you asked for: your account, CV matching and alerts, subscriptions (performance of a contract).',
      'To keep the service secure and working, prevent fraud and fix problems (legitimate interests).',
      'To meet legal obligations such as tax and accounting records.',
      'To send product news, only if you opted in (consent, which you can withdraw at any time).',
    ),
    paragraph(
      'We do not sell your personal data, we do not share it for cross-context behavioral advertising, and we do not send your CV to employers. You decide where to apply.',
    ),
    heading('Cookies and local storage'),
    paragraph(
      'We use no advertising or tracking cookies. To keep you signed in, Firebase Authentication stores your session (an ID token and a refresh token) in your browser’s IndexedDB or local storage. We also remember in local storage whether this browser was last signed in to a registered account, so the page header shows the right link straight away. These are strictly necessary for the service. The payment provider sets its own cookies on its checkout and billing pages, under its own privacy policy.',
    ),
    heading('Service providers'),
    list(
      'Google (Firebase Authentication and Firebase Hosting), which runs sign-in and serves this website.',
      'Our payment provider, which runs checkout, subscriptions and the billing portal.',
      'Our e-mail provider, which delivers alerts, password-reset e-mails and receipts.',
    ),
    paragraph(
      'They process data on our behalf under data processing agreements. Some of them process data in the United States; where the law requires it, transfers are covered by the European Commission’s standard contractual clauses or an equivalent safeguard.',
    ),
    heading('How long we keep data'),
    list(
      'Guest sessions that are never registered are deleted after 90 days of inactivity.',
      'Account data, your CV and preferences are kept while your account exists. When you delete your account on the account page, they are deleted within 30 days, including from backups.',
      'Billing records are kept for as long as tax and accounting law requires.',
    ),
    heading('Your rights'),
    paragraph(
      `Depending on where you live (for example under the GDPR or the California Consumer Privacy Act) you can ask to access, correct, delete or export your personal data, object to or restrict its processing, and withdraw consent. You can delete your account yourself at any time. For anything else, e-mail ${config.contactEmail}; we answer within 30 days. You may also complain to your data protection authority.`,
    ),
    heading('Security'),
    paragraph(
      'Data is encrypted in transit and at rest. Passwords are never stored in plain text. Access to CVs is limited to the systems that perform matching and to staff who need it to help you.',
    ),
    heading('Children'),
    paragraph(
      'ApplyFirst is not meant for anyone under 16, and we do not knowingly collect their data.',
    ),
    heading('Changes'),
    paragraph(
      'We will post any change here with a new date, and tell registered users by e-mail before a significant change takes effect.',
    ),
  ],
};
