import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cvs } from '../../server/db/schema';
import type { GetProfileResponse, GetProfilesResponse, PutCvResponse } from '../../contract';
import { NO_PROPOSALS } from '../../server/cv/cvProposals';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, errorOf, startBackend } from './support/backend';
import { corruptDocx, docxBomb, docxWithText, multipartFile, pdfWithText } from './support/cvFiles';
import { validProfile } from './support/profiles';
import { guestSession } from './support/sessions';

describe.each(DATABASES)('the CV on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());
  afterEach(disposeTestAuths);

  function upload(token: string, fileName: string, bytes: Buffer, fieldName?: string) {
    const { payload, headers } = multipartFile(fileName, bytes, fieldName);
    return app.inject({
      method: 'PUT',
      url: '/v1/profile/cv',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  async function storedCv(uid: string) {
    const [row] = await app.db.select().from(cvs).where(eq(cvs.uid, uid));
    return row;
  }

  it.each([
    [
      'a PDF',
      'cv.pdf',
      pdfWithText(['Jane Doe, backend engineer', 'Skills: TypeScript, k8s, PostgreSQL']),
      'application/pdf',
    ],
    [
      'a Word document',
      'cv.docx',
      docxWithText(['Jane Doe, backend engineer', 'Skills: TypeScript, k8s, PostgreSQL']),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'a plain text file',
      'cv.txt',
      Buffer.from('Jane Doe, backend engineer\nSkills: TypeScript, k8s, PostgreSQL\n'),
      'text/plain',
    ],
  ])(
    'stores %s with its text and suggests the skills it names',
    async (_label, fileName, bytes, mediaType) => {
      const { uid, token } = await guestSession();
      const response = await upload(token, fileName, bytes);
      expect(response.statusCode).toBe(200);
      const body = response.json<PutCvResponse>();
      expect(body.cv).toMatchObject({ fileName, sizeBytes: bytes.length, mediaType });
      expect(body.suggestedSkills).toEqual(
        expect.arrayContaining(['TypeScript', 'Kubernetes', 'PostgreSQL']),
      );
      const row = await storedCv(uid);
      expect(row?.text).toContain('Jane Doe, backend engineer');
      expect(body.cv.textLength).toBe(row?.text.length);
      const read = (await call(app, 'GET', '/v1/profile', { token })).json<GetProfileResponse>();
      expect(read.cv).toEqual(body.cv);
    },
  );

  it('leaves out of the suggestions the skills the profile already lists', async () => {
    const { token } = await guestSession();
    await call(app, 'PUT', '/v1/profile', {
      token,
      body: validProfile({ skills: ['TypeScript'] }),
    });
    const body = (
      await upload(token, 'cv.txt', Buffer.from('TypeScript and Kubernetes'))
    ).json<PutCvResponse>();
    expect(body.suggestedSkills).toEqual(['Kubernetes']);
  });

  it('replaces the CV on a second upload (one CV per user) and deletes it', async () => {
    const { uid, token } = await guestSession();
    await upload(token, 'first.txt', Buffer.from('First CV: Python'));
    await upload(token, 'second.txt', Buffer.from('Second CV: Rust'));
    expect(await app.db.select().from(cvs).where(eq(cvs.uid, uid))).toHaveLength(1);
    expect((await storedCv(uid))?.fileName).toBe('second.txt');

    expect((await call(app, 'DELETE', '/v1/profile/cv', { token })).json()).toEqual({
      deleted: true,
    });
    expect(await storedCv(uid)).toBeUndefined();
    expect((await call(app, 'DELETE', '/v1/profile/cv', { token })).json()).toEqual({
      deleted: false,
    });
  });

  /** A fictional CV as a Word file lays it out: header, summary, dated roles, skills. */
  const RESUME = [
    'Jane Doe',
    'Denver, CO · jane@example.com · 555-0100',
    'Summary',
    'Backend engineer who has worked remotely since 2020.',
    'Experience',
    'Senior Software Engineer | Acme | 2021 - Present',
    '- Go services on Kubernetes with PostgreSQL and Kafka.',
    'Software Engineer, Globex, Austin, TX, 2016 - 2021',
    '- Python and Django, PostgreSQL.',
    'Skills',
    'Go, Python, Terraform',
  ];

  it('proposes roles, skills, level and places from the CV and keeps them with it', async () => {
    const { uid, token } = await guestSession();
    const body = (await upload(token, 'cv.docx', docxWithText(RESUME))).json<PutCvResponse>();
    expect(body.cv.proposals).toEqual({
      targetRoles: ['Software engineer'],
      skills: expect.arrayContaining(['Go', 'Kubernetes', 'PostgreSQL', 'Python']) as string[],
      seniority: 'senior',
      usStates: [],
      usCities: [{ city: 'Denver', state: 'CO' }],
      remote: true,
    });
    expect(body.cv.proposals?.skills.slice(0, 4).sort()).toEqual(
      ['Apache Kafka', 'Go', 'Kubernetes', 'PostgreSQL'].sort(),
    );
    const read = (await call(app, 'GET', '/v1/profile', { token })).json<GetProfileResponse>();
    expect(read.cv?.proposals).toEqual(body.cv.proposals);
    const all = (await call(app, 'GET', '/v1/profiles', { token })).json<GetProfilesResponse>();
    expect(all.profiles[0]?.cv?.proposals).toEqual(body.cv.proposals);

    await call(app, 'DELETE', '/v1/profile/cv', { token });
    expect(await storedCv(uid)).toBeUndefined();
    const after = (await call(app, 'GET', '/v1/profile', { token })).json<GetProfileResponse>();
    expect(after.cv).toBeNull();
  });

  it('proposes nothing, with a 200, from a CV that names no role, skill, level or place', async () => {
    const { token } = await guestSession();
    const response = await upload(token, 'cv.txt', Buffer.from('Hello.\nI like long walks.'));
    expect(response.statusCode).toBe(200);
    expect(response.json<PutCvResponse>().cv.proposals).toEqual(NO_PROPOSALS);
  });

  it('answers null proposals for a CV stored before proposals existed', async () => {
    const { uid, token } = await guestSession();
    await upload(token, 'cv.txt', Buffer.from('Go developer'));
    await app.db.update(cvs).set({ proposals: null }).where(eq(cvs.uid, uid));
    const read = (await call(app, 'GET', '/v1/profile', { token })).json<GetProfileResponse>();
    expect(read.cv).toMatchObject({ fileName: 'cv.txt', proposals: null });
  });

  it('keeps only the base name of the file name', async () => {
    const { token } = await guestSession();
    const body = (
      await upload(token, '../../etc/cv.txt', Buffer.from('Java'))
    ).json<PutCvResponse>();
    expect(body.cv.fileName).toBe('cv.txt');
  });

  it.each([
    ['a 6 MB file', 'big.txt', () => Buffer.alloc(6 * 1024 * 1024, 'a'), 413, 'cv-too-large'],
    ['an executable named .pdf', 'cv.pdf', () => readFile('/bin/true'), 415, 'cv-unsupported-type'],
    [
      'text that is not UTF-8',
      'cv.txt',
      () => Buffer.from([0x48, 0x69, 0xc3, 0x28, 0xff]),
      415,
      'cv-unsupported-type',
    ],
    [
      'text with NUL bytes',
      'cv.txt',
      () => Buffer.from('Java\u0000Rust'),
      415,
      'cv-unsupported-type',
    ],
    ['a PDF with no text', 'scan.pdf', () => pdfWithText([]), 422, 'cv-no-text'],
    ['a corrupt DOCX', 'cv.docx', () => corruptDocx(), 422, 'cv-unreadable'],
    [
      'a Word zip bomb (unpacking to 100 MiB of XML)',
      'cv.docx',
      () => docxBomb(100),
      422,
      'cv-too-complex',
    ],
    [
      'a Word zip bomb whose archive claims 16 KiB',
      'cv.docx',
      () => docxBomb(100, 16),
      422,
      'cv-too-complex',
    ],
    [
      'a truncated PDF',
      'cv.pdf',
      () => pdfWithText(['Go developer']).subarray(0, 40),
      422,
      'cv-unreadable',
    ],
    ['an empty file', 'cv.txt', () => Buffer.alloc(0), 400, 'cv-missing'],
  ] as const)(
    'refuses %s with a clear code and stores nothing',
    async (_label, fileName, bytes, status, code) => {
      const { uid, token } = await guestSession();
      const response = await upload(token, fileName, await bytes());
      expect(response.statusCode).toBe(status);
      expect(errorOf(response).code).toBe(code);
      expect(await storedCv(uid)).toBeUndefined();
    },
  );

  it('refuses a body that is not multipart, and a file under another field name', async () => {
    const { uid, token } = await guestSession();
    const json = await call(app, 'PUT', '/v1/profile/cv', { token, body: { file: 'Java' } });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('unsupported-media-type');
    const otherField = await upload(token, 'cv.txt', Buffer.from('Java'), 'document');
    expect(errorOf(otherField).code).toBe('cv-missing');
    expect(await storedCv(uid)).toBeUndefined();
  });
});
