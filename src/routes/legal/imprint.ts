import { config } from '../../config';
import { heading, list, note, paragraph } from '../content/contentBlocks';
import type { LegalDocument } from './legalDocument';
import { PATHS } from '../../paths';

const { legal } = config;

export const imprint: LegalDocument = {
  title: 'Imprint',
  description:
    'Who runs ApplyFirst: company details, contact and the person responsible for the content of this site.',
  path: PATHS.imprint,
  lastUpdated: '2024-06-01',
  body: [
    ...(legal.sample
      ? [
          note(
            'Development sample: these details are not real. A production build needs the operator’s registered details (the VITE_LEGAL_* settings).',
          ),
        ]
      : []),
    heading('Service provider'),
    list(`${legal.name}, operating ApplyFirst`, legal.address),
    heading('Contact'),
    list(`E-mail: ${config.contactEmail}`, `Phone: ${legal.phone}`),
    heading('Company register'),
    list(
      `Represented by: ${legal.representative}`,
      `Registered at: ${legal.register}`,
      `VAT or tax ID: ${legal.taxId}`,
    ),
    heading('Responsible for content'),
    paragraph(`${legal.representative}, ${legal.address}.`),
    heading('Governing law'),
    paragraph(`These terms and this site are governed by ${legal.governingLaw}.`),
    heading('Disputes'),
    paragraph(
      'We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board. If you have a complaint, please write to us first; we will do our best to resolve it.',
    ),
  ],
};
