import type { FastifyError } from 'fastify';
import type { ApiErrorCode } from '../contract';
import { ApiFailure } from './apiFailure';

/** Validation keywords with their own code, most telling first. */
const validationCodes: [string, ApiErrorCode][] = [
  ['additionalProperties', 'unknown-field'],
  ['maxLength', 'value-too-long'],
  ['maxItems', 'too-many-items'],
];

/** Query parameters with their own code when they fail validation. */
const queryParameterCodes: Record<string, ApiErrorCode> = {
  '/slot': 'profile-slot-invalid',
};

const frameworkCodes: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid-json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid-json',
  FST_REQ_FILE_TOO_LARGE: 'cv-too-large',
};

/** The catalogue code for anything a route, a plugin or Fastify itself threw. */
export function apiErrorCodeOf(error: unknown): ApiErrorCode {
  if (error instanceof ApiFailure) return error.code;
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError?.validation) {
    const parameterCode =
      fastifyError.validationContext === 'querystring'
        ? fastifyError.validation
            .map((issue) => queryParameterCodes[issue.instancePath])
            .find((code) => code !== undefined)
        : undefined;
    if (parameterCode !== undefined) return parameterCode;
    const keywords = new Set(fastifyError.validation.map((issue) => issue.keyword));
    return validationCodes.find(([keyword]) => keywords.has(keyword))?.[1] ?? 'invalid-request';
  }
  const byCode = fastifyError?.code ? frameworkCodes[fastifyError.code] : undefined;
  if (byCode) return byCode;
  if (error instanceof SyntaxError && fastifyError?.statusCode === 400) return 'invalid-json';
  if (fastifyError?.statusCode === 429) return 'rate-limited';
  const status = fastifyError?.statusCode ?? 500;
  return status >= 400 && status < 500 ? 'invalid-request' : 'internal-error';
}
