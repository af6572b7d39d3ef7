import { config } from '../config';
import type { SiteIdentity } from './pageMeta';

/** The brand image in `public/`, used when a page brings none (1200x630, the Open Graph size). */
export const DEFAULT_IMAGE = {
  src: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'ApplyFirst: your CV matched to new US and remote tech jobs in real time',
} as const;

export const siteIdentity: SiteIdentity = {
  name: config.siteName,
  url: config.siteUrl,
  defaultImage: DEFAULT_IMAGE,
  logoPath: '/logo-512.png',
  contactEmail: config.contactEmail,
};
