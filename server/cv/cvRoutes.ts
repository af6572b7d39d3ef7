import type { FastifyRequest } from 'fastify';
import {
  CV_MAX_BYTES,
  deleteCvResponseSchema,
  putCvResponseSchema,
  slotQuerySchema,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import { assertSlotAllowed } from '../plan/planLimits';
import { slotOf } from '../profile/profileSlot';
import { readProfile } from '../profile/profileStore';
import { cleanLine } from '../http/text';
import type { RoutePlugin } from '../routeDependencies';
import { findSkills } from '../skills/skillVocabulary';
import { deleteCv, saveCv } from './cvStore';
import { createCvReader, CV_READER_LIMITS } from './cvReader';
import { detectCvType } from './detectCvType';
import { extractCvText } from './extractCvText';

const MAX_FILE_NAME = 255;
/** About one parse's time limit: when a turn is likely to be free again. */
const BUSY_RETRY_AFTER_SECONDS = Math.ceil(CV_READER_LIMITS.timeLimitMs / 1000);

/** The base name, one line of safe text (no bidi override can disguise its extension). */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return (cleanLine(base) || 'cv').slice(0, MAX_FILE_NAME);
}

/** The uploaded part; a body the multipart parser cannot read is the sender's fault (400). */
async function readPart(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  try {
    const part = await request.file({ limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 0 } });
    if (part === undefined || part.fieldname !== 'file') throw new ApiFailure('cv-missing');
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    // The parser's own errors (busboy's "Unexpected end of form", "Boundary not found") carry no
    // status; the plugin's and ours do and keep their answer.
    if (error instanceof ApiFailure || (error as { statusCode?: unknown }).statusCode) throw error;
    throw new ApiFailure('invalid-request', { cause: error });
  }
}

async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new ApiFailure('unsupported-media-type');
  const { fileName, bytes } = await readPart(request);
  if (bytes.length === 0) throw new ApiFailure('cv-missing');
  return { fileName: cleanFileName(fileName), bytes };
}

/**
 * The CV's body is multipart/form-data, read by @fastify/multipart in the handler (a JSON schema
 * cannot describe it): its request schema is the slot's query, and the upload is checked as read.
 */
export const cvRoutes: RoutePlugin = async (app, { deps }) => {
  const { db, authenticators } = deps;
  // One reader per app: its limits guard the process's memory and CPU. Its spare worker starts
  // once the server listens (an app only injected into, as in tests, forks none ahead).
  const reader = createCvReader();
  app.addHook('onListen', async () => reader.keepSpare(app.log));
  app.addHook('onClose', () => reader.close());

  app.put(
    '/v1/profile/cv',
    {
      onRequest: authenticators.standard,
      schema: { querystring: slotQuerySchema, response: { 200: putCvResponseSchema } },
    },
    async (request, reply) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      // Early, before the file is read and parsed; saveCv checks again under the user's lock.
      await assertSlotAllowed(db, uid, slot, 'cvs');
      const { fileName, bytes } = await readUpload(request);
      const mediaType = await detectCvType(bytes);
      if (mediaType === null) throw new ApiFailure('cv-unsupported-type');
      const text = await extractCvText(reader, bytes, mediaType).catch((error: unknown) => {
        if (error instanceof ApiFailure && error.code === 'cv-busy') {
          reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
        }
        throw error;
      });
      const cv = await saveCv(db, uid, slot, {
        fileName,
        sizeBytes: bytes.length,
        mediaType,
        text,
      });
      const listed = new Set(
        (await readProfile(db, uid, slot))?.skills.map((skill) => skill.toLowerCase()),
      );
      const suggestedSkills = findSkills(text).filter((skill) => !listed.has(skill.toLowerCase()));
      return { cv, suggestedSkills };
    },
  );

  app.delete(
    '/v1/profile/cv',
    {
      onRequest: authenticators.standard,
      schema: { querystring: slotQuerySchema, response: { 200: deleteCvResponseSchema } },
    },
    async (request) => {
      const { uid } = identityOf(request);
      return { deleted: await deleteCv(db, uid, slotOf(request.query)) };
    },
  );
};
