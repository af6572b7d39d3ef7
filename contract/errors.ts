interface ErrorEntry {
  status: number;
  message: string;
}

/** Every error the backend answers: its HTTP status and a message a job seeker can read. */
export const API_ERRORS = {
  'token-missing': { status: 401, message: 'Please sign in again: your session was not sent.' },
  'token-invalid': {
    status: 401,
    message: 'Please sign in again: your session could not be read.',
  },
  'token-expired': { status: 401, message: 'Your session has expired. Please sign in again.' },
  'token-revoked': { status: 401, message: 'Your session was ended. Please sign in again.' },
  'token-wrong-project': {
    status: 401,
    message: 'Your session belongs to another site. Please sign in again.',
  },
  'user-disabled': { status: 401, message: 'This account has been disabled.' },
  'user-not-found': { status: 401, message: 'This account no longer exists.' },
  'auth-unavailable': {
    status: 503,
    message: 'We could not check your session just now. Please try again.',
  },
  'requires-recent-login': {
    status: 403,
    message: 'For your security, please sign in again and retry.',
  },
  'invalid-json': { status: 400, message: 'The request could not be read.' },
  'invalid-request': { status: 400, message: 'Some of the details are not valid.' },
  'unknown-field': { status: 400, message: 'The request has a field we do not know.' },
  'value-too-long': { status: 400, message: 'A value is too long.' },
  'too-many-items': { status: 400, message: 'A list has too many entries.' },
  'payload-too-large': { status: 413, message: 'The request is too large.' },
  'unsupported-media-type': { status: 415, message: 'The request has a format we do not accept.' },
  'profile-slot-invalid': { status: 400, message: 'There is no such alert profile.' },
  'country-unknown': { status: 400, message: 'There is no country with that code.' },
  'currency-unknown': { status: 400, message: 'There is no currency with that code.' },
  'plan-profile-limit': {
    status: 403,
    message: 'The Free plan has one alert profile and one CV. Get Pro for three of each.',
  },
  'cv-missing': { status: 400, message: 'Please choose a CV file to upload.' },
  'cv-too-large': {
    status: 413,
    message: 'Your CV is larger than 5 MB. Please upload a smaller file.',
  },
  'cv-unsupported-type': {
    status: 415,
    message: 'Please upload your CV as a PDF, a Word (.docx) or a plain text file.',
  },
  'cv-unreadable': {
    status: 422,
    message: 'We could not open this file. Please check it or save it again.',
  },
  'cv-no-text': {
    status: 422,
    message: 'We found no text in this file (a scanned PDF?). Please upload a file with text.',
  },
  'cv-too-complex': {
    status: 422,
    message:
      'This file is too large or complex for us to read. Please save it again in a simpler form, or upload it as plain text.',
  },
  'cv-busy': {
    status: 503,
    message: 'We are reading many CVs just now. Please try again in a minute.',
  },
  'carry-over-guest-invalid': {
    status: 403,
    message: 'We could not confirm your guest session, so nothing was moved.',
  },
  'carry-over-not-a-guest': {
    status: 403,
    message: 'Only work from a guest session can be moved into an account.',
  },
  'carry-over-account-is-guest': {
    status: 403,
    message: 'Please sign in to your account before moving your work.',
  },
  'carry-over-same-user': { status: 409, message: 'This guest session is already your account.' },
  'carry-over-already-done': {
    status: 409,
    message: 'This guest work was already moved elsewhere.',
  },
  'carry-over-failed': {
    status: 500,
    message:
      'Moving your work failed. Nothing was changed: your guest work and your account are as they were.',
  },
  'webhook-signature-invalid': {
    status: 400,
    message: 'The webhook signature could not be verified.',
  },
  'account-has-subscription': {
    status: 409,
    message:
      'Your Pro subscription is still running. Cancel it under “Manage billing” first, then delete your account.',
  },
  'account-deletion-failed': {
    status: 502,
    message: 'Deleting your account failed. Nothing was deleted; please try again.',
  },
  'follow-url-invalid': {
    status: 400,
    message:
      'This is not a web address. Paste the address of the company’s job board, like https://boards.greenhouse.io/acme.',
  },
  'follow-url-not-http': {
    status: 400,
    message: 'Please paste a web address that starts with https://.',
  },
  'follow-url-unknown-host': {
    status: 400,
    message:
      'We can read Greenhouse, Lever, Ashby, Workable, SmartRecruiters and Recruitee boards. Paste the company’s job board address on one of them.',
  },
  'follow-url-no-company': {
    status: 400,
    message:
      'We could not find a company in this address. Paste the job board’s address, like https://jobs.lever.co/acme.',
  },
  'match-job-unknown': { status: 404, message: 'There is no such job to act on.' },
  'match-hide-reason-invalid': {
    status: 400,
    message: 'Choose why to hide the job: place, level, pay, role or company.',
  },
  'match-applied-date-invalid': {
    status: 400,
    message: 'The day you applied must be a real date, not in the future.',
  },
  'match-actions-limit': {
    status: 400,
    message:
      'This profile keeps 2000 saved, applied or hidden jobs, the most it can. Clear some first.',
  },
  'match-company-invalid': {
    status: 400,
    message: 'Name the company to hide or show again (200 characters at most).',
  },
  'hidden-companies-limit': {
    status: 400,
    message: 'This profile hides 200 companies, the most it can. Show one again first.',
  },
  'match-suggestion-unknown': {
    status: 404,
    message: 'This suggestion is not offered any more. Reload to see the current ones.',
  },
  'follow-limit': {
    status: 400,
    message: 'You follow 50 companies, the most a profile can. Remove one to follow another.',
  },
  'push-subscription-invalid': {
    status: 400,
    message: 'This browser sent a notification subscription we cannot use. Please try again.',
  },
  'push-device-limit': {
    status: 400,
    message: 'Notifications are on for 10 devices, the most we keep. Turn one off first.',
  },
  'push-unavailable': {
    status: 503,
    message: 'Notifications are not available on this server just now.',
  },
  'not-found': { status: 404, message: 'There is nothing here.' },
  'too-many-streams': {
    status: 429,
    message: 'ApplyFirst is open in too many tabs. Please close one and reload this page.',
  },
  'rate-limited': {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  'internal-error': { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, ErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The body of every error answer. */
export interface ApiError {
  code: ApiErrorCode;
  message: string;
}
