import { config } from '../../config';
import { heading, list, note, paragraph } from '../content/contentBlocks';
import type { LegalDocument } from './legalDocument';
import { PATHS } from '../../paths';

export const imprint: LegalDocument = {
  title: 'Imprint',
  description:
    'Who runs ApplyFirst: company details, contact and the person responsible for the content of this site.',
  path: PATHS.imprint,
  lastUpdated: '2024-06-01',
  body: [
    note(
      'Placeholder: the bracketed details below are not real. The operator of the site must replace them with the company’s registered details before launch.',
    ),
    heading('Service provider'),
    list(
      '[Company legal name], operating ApplyFirst',
      '[Street address]',
      '[Postal code, city, state]',
      '[Country]',
    ),
    heading('Contact'),
    list(`E-mail: ${config.contactEmail}`, 'Phone: [phone number]'),
    heading('Company register'),
    list(
      'Represented by: [name of managing director or officer]',
      'Registered at: [registry court or state of incorporation]',
      'Registration number: [number]',
      'VAT or tax ID: [number]',
    ),
    heading('Responsible for content'),
    paragraph('[Full name], [address as above].'),
    heading('Governing law'),
    paragraph('[State or country whose law governs the terms of service].'),
    heading('Disputes'),
    paragraph(
      'We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board. If you have a complaint, please write to us first; we will do our best to resolve it.',
    ),
  ],
};
