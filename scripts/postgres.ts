/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: Debian's `postgresql` binaries, a temp
 * folder, 127.0.0.1 on a free port, stopped and deleted by `stop()`. As root, initdb refuses to
 * run, so the cluster runs as the `postgres` user (runuser).
 */
import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './freePort';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';
const COMMAND_LIMIT_MS = 60_000;

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/applyfirst */
  url: string;
  stop(): Promise<void>;
}

async function findBinDir(): Promise<string> {
  const versions = existsSync(POSTGRES_ROOT) ? await readdir(POSTGRES_ROOT) : [];
  const withInitdb = versions
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (withInitdb[0] === undefined) {
    throw new Error(
      `No PostgreSQL server found under ${POSTGRES_ROOT}/*/bin: install it with \`apt-get install postgresql\`.`,
    );
  }
  return join(POSTGRES_ROOT, withInitdb[0], 'bin');
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = await findBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), 'applyfirst-pg-'));
  if (asRoot) {
    const { uid, gid } = await postgresUserIds();
    await chown(dir, uid, gid);
  }
  const pgCommand = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args], {
          timeout: COMMAND_LIMIT_MS,
        })
      : run(join(bin, name), args, { timeout: COMMAND_LIMIT_MS });
  const data = join(dir, 'data');
  const port = await freePort();
  const stop = async () => {
    try {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  try {
    await pgCommand('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const serverOptions = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
    await pgCommand('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      serverOptions,
      '-w',
      '-t',
      '30',
      'start',
    ]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  try {
    await admin.connect();
    await admin.query('CREATE DATABASE applyfirst');
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await admin.end();
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/applyfirst`, stop };
}
