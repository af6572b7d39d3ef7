/** The pages of a build: every prerendered `index.html` in `dist/`, found on disk. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface BuiltPage {
  /** The address the host serves it at: `/`, `/blog/some-post`. */
  path: string;
  /** Its `<meta name="robots">` says `noindex`: not for search engines. */
  noindex: boolean;
}

function addressOf(file: string): string {
  const folder = path.posix.dirname(file);
  return folder === '.' ? '/' : `/${folder}`;
}

function noindexIn(html: string): boolean {
  const robots = /<meta\s+name="robots"\s+content="([^"]*)"/i.exec(html)?.[1] ?? '';
  return robots.split(',').some((directive) => directive.trim().toLowerCase() === 'noindex');
}

/** Every route of the build, `/` first, then in alphabetical order. */
export async function builtPages(distDir: string): Promise<BuiltPage[]> {
  const files = (await readdir(distDir, { recursive: true }))
    .filter((file) => path.basename(file) === 'index.html')
    .sort();
  const pages = await Promise.all(
    files.map(async (file) => ({
      path: addressOf(file),
      noindex: noindexIn(await readFile(path.join(distDir, file), 'utf8')),
    })),
  );
  return pages.sort((a, b) =>
    a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path),
  );
}

/**
 * The pages named on the command line (`/account`, or `/blog/*` for a prefix), or all of them.
 * Throws when a name matches nothing, so a typo does not pass as a clean run.
 */
export function selectPages(pages: readonly BuiltPage[], names: readonly string[]): BuiltPage[] {
  if (names.length === 0) return [...pages];
  const matches = (name: string, page: BuiltPage): boolean =>
    name.endsWith('*') ? page.path.startsWith(name.slice(0, -1)) : page.path === name;
  for (const name of names) {
    if (!pages.some((page) => matches(name, page)))
      throw new Error(
        `No built page matches ${name}; there are: ${pages.map((p) => p.path).join(' ')}`,
      );
  }
  return pages.filter((page) => names.some((name) => matches(name, page)));
}
