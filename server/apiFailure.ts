import { API_ERRORS, type ApiError, type ApiErrorCode } from '../contract';

/** Thrown by route code; the error handler answers it as `{ code, message }` with its status. */
export class ApiFailure extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;

  constructor(code: ApiErrorCode, options?: { cause?: unknown }) {
    super(API_ERRORS[code].message, options);
    this.name = 'ApiFailure';
    this.code = code;
    this.statusCode = API_ERRORS[code].status;
  }
}

export function apiErrorBody(code: ApiErrorCode): ApiError {
  return { code, message: API_ERRORS[code].message };
}
