import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COPYRIGHT_YEAR,
  DEFAULT_MIN_PASSWORD_LENGTH,
  GOOGLE_CUSTOM_PARAMETERS,
  OPERATION_TIMEOUT_MS,
  REDIRECT_START_TIMEOUT_MS,
  SDK_OWNED_TIMINGS,
  type SdkOwnedTiming,
} from '../../src/machines/session/sessionConstants';

/** The browser build of the installed @firebase/auth (what the app ships) and the sources its map embeds. */
function loadSdkBrowserBuild(): { bundle: string; sources: ReadonlyMap<string, string> } {
  const require = createRequire(import.meta.url);
  const firebaseRequire = createRequire(require.resolve('firebase/package.json'));
  const esmDirectory = join(
    dirname(firebaseRequire.resolve('@firebase/auth/package.json')),
    'dist',
    'esm',
  );
  const entry = readFileSync(join(esmDirectory, 'index.js'), 'utf8');
  const chunk = /from '\.\/(index-[\w-]+\.js)'/.exec(entry)?.[1];
  if (!chunk)
    throw new Error('cannot find the chunk that @firebase/auth/dist/esm/index.js re-exports');
  const map = JSON.parse(readFileSync(join(esmDirectory, `${chunk}.map`), 'utf8')) as {
    sources: string[];
    sourcesContent: string[];
  };
  const sources = new Map(
    map.sources.map((path, index) => [
      path.replace(/^(\.\.\/)+/, ''),
      map.sourcesContent[index] ?? '',
    ]),
  );
  return { bundle: readFileSync(join(esmDirectory, chunk), 'utf8'), sources };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Only the expression forms the SDK uses for these: `30_000`, `5 * 60`, `new Delay(2000, 10000)`. */
function evaluate(expression: string): SdkOwnedTiming['value'] {
  const number = (text: string): number => Number(text.replace(/_/g, ''));
  const delay = /^new Delay\(\s*([\d_]+)\s*,\s*([\d_]+)\s*\)$/.exec(expression.trim());
  if (delay) return [number(delay[1]!), number(delay[2]!)];
  if (!/^[\d_]+(\s*\*\s*[\d_]+)*$/.test(expression.trim()))
    throw new Error(`cannot evaluate ${expression}`);
  return expression.split('*').reduce((product, factor) => product * number(factor.trim()), 1);
}

/** The value declared in the SDK source: `const NAME = …;` or a member of `enum Name { … }`. */
function declaredValue(source: string, identifier: string): SdkOwnedTiming['value'] | undefined {
  const [enumName, member] = identifier.split('.');
  if (member === undefined) {
    const constant = new RegExp(`\\bconst ${escape(identifier)}\\s*=\\s*([^;]+);`).exec(source);
    return constant ? evaluate(constant[1]!) : undefined;
  }
  const body = new RegExp(`\\benum ${escape(enumName!)}\\s*\\{([^}]*)\\}`).exec(source)?.[1];
  const value =
    body && new RegExp(`(?:^|[\\s,])${escape(member)}\\s*=\\s*([^,}]+)`).exec(body)?.[1];
  return value ? evaluate(value) : undefined;
}

/** The values the compiled code uses: rollup may suffix a constant (`NAME$1`); const enums are inlined. */
function compiledValues(bundle: string, identifier: string): SdkOwnedTiming['value'][] {
  if (identifier.includes('.')) {
    return [...bundle.matchAll(new RegExp(`\\b([\\d]+) /\\* ${escape(identifier)} \\*/`, 'g'))].map(
      (match) => Number(match[1]),
    );
  }
  return [
    ...bundle.matchAll(new RegExp(`\\bconst ${escape(identifier)}(?:\\$\\d+)? = ([^;]+);`, 'g')),
  ].map((match) => evaluate(match[1]!));
}

const sdk = loadSdkBrowserBuild();

describe('SDK-owned timings', () => {
  it.each(SDK_OWNED_TIMINGS.map((timing) => [timing.name, timing]))(
    '%s: declared in the SDK source with the documented value',
    (_, timing) => {
      const source = sdk.sources.get(timing.sourceFile);
      expect(source, `${timing.sourceFile} is not a source of the SDK build`).toBeDefined();
      expect(declaredValue(source!, timing.identifier)).toEqual(timing.value);
    },
  );

  it.each(SDK_OWNED_TIMINGS.map((timing) => [timing.name, timing]))(
    '%s: the compiled SDK uses the documented value',
    (_, timing) => {
      expect(compiledValues(sdk.bundle, timing.identifier)).toContainEqual(timing.value);
    },
  );

  it('documents every SDK timing of DESIGN.md section 6', () => {
    expect(SDK_OWNED_TIMINGS.map((timing) => timing.identifier).sort()).toEqual(
      [
        'DEFAULT_API_TIMEOUT_MS',
        'Duration.OFFSET',
        'Buffer.TOKEN_REFRESH',
        'Duration.RETRY_BACKOFF_MIN',
        'Duration.RETRY_BACKOFF_MAX',
        'DEFAULT_WIDTH',
        'DEFAULT_HEIGHT',
        '_POLL_WINDOW_CLOSE_TIMEOUT',
        '_Timeout.AUTH_EVENT',
        '_POLLING_INTERVAL_MS',
        '_POLLING_INTERVAL_MS',
        '_TRANSACTION_RETRY_COUNT',
        'DEFAULT_ID_TOKEN_MAX_AGE',
        'EVENT_DUPLICATION_CACHE_DURATION_MS',
      ].sort(),
    );
  });

  it('has the spec values', () => {
    const valueOf = (
      identifier: string,
      sourceFile?: string,
    ): SdkOwnedTiming['value'] | undefined =>
      SDK_OWNED_TIMINGS.find(
        (timing) =>
          timing.identifier === identifier &&
          (sourceFile === undefined || timing.sourceFile.endsWith(sourceFile)),
      )?.value;
    expect(valueOf('DEFAULT_API_TIMEOUT_MS')).toEqual([30_000, 60_000]);
    expect(valueOf('Duration.OFFSET')).toBe(5 * 60_000);
    expect(valueOf('Buffer.TOKEN_REFRESH')).toBe(30_000);
    expect(valueOf('Duration.RETRY_BACKOFF_MIN')).toBe(30_000);
    expect(valueOf('Duration.RETRY_BACKOFF_MAX')).toBe(16 * 60_000);
    expect([valueOf('DEFAULT_WIDTH'), valueOf('DEFAULT_HEIGHT')]).toEqual([500, 600]);
    expect(valueOf('_POLL_WINDOW_CLOSE_TIMEOUT')).toEqual([2_000, 10_000]);
    expect(valueOf('_Timeout.AUTH_EVENT')).toBe(8_000);
    expect(valueOf('_POLLING_INTERVAL_MS', 'local_storage.ts')).toBe(1_000);
    expect(valueOf('_POLLING_INTERVAL_MS', 'indexed_db.ts')).toBe(800);
    expect(valueOf('_TRANSACTION_RETRY_COUNT')).toBe(3);
    expect(valueOf('DEFAULT_ID_TOKEN_MAX_AGE')).toBe(300);
    expect(valueOf('EVENT_DUPLICATION_CACHE_DURATION_MS')).toBe(10 * 60_000);
  });
});

describe('app-owned constants', () => {
  it('has the spec values', () => {
    expect(DEFAULT_MIN_PASSWORD_LENGTH).toBe(6);
    expect(COPYRIGHT_YEAR).toBe(2024);
    expect(REDIRECT_START_TIMEOUT_MS).toBe(30_000);
  });

  it('agrees with the minimum the SDK assumes when the provider sends none', () => {
    const source = sdk.sources.get('src/core/auth/password_policy_impl.ts')!;
    expect(declaredValue(source, 'MINIMUM_MIN_PASSWORD_LENGTH')).toBe(DEFAULT_MIN_PASSWORD_LENGTH);
  });

  it('always forces the Google account chooser', () => {
    expect(GOOGLE_CUSTOM_PARAMETERS).toEqual({ prompt: 'select_account' });
    expect(Object.isFrozen(GOOGLE_CUSTOM_PARAMETERS)).toBe(true);
  });

  it('times an operation out only after the SDK’s own long request timeout', () => {
    const requestTimeout = SDK_OWNED_TIMINGS.find(
      (timing) => timing.identifier === 'DEFAULT_API_TIMEOUT_MS',
    )!.value;
    const longest =
      typeof requestTimeout === 'number' ? requestTimeout : Math.max(...requestTimeout);
    expect(OPERATION_TIMEOUT_MS).toBeGreaterThan(longest);
    expect(OPERATION_TIMEOUT_MS).toBeLessThanOrEqual(longest + 10_000);
  });
});
