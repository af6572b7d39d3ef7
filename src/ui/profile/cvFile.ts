import { CV_MAX_BYTES, CV_MEDIA_TYPES } from '../../../contract';

/** The CV file input's `accept`: the extensions people know, and the types the backend reads. */
export const CV_ACCEPT = ['.pdf', '.docx', '.txt', ...CV_MEDIA_TYPES].join(',');

/** The upload limit in megabytes, as the pages state it. */
export const CV_MAX_MB = CV_MAX_BYTES / (1024 * 1024);
