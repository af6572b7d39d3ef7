import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The backend's layers (serverLayers in eslint.config.js): ESLint refuses an import of a member
 * above or beside the importer's own, and any import of dev/ from server/. Only that rule runs:
 * the texts are a few lines in made-up files, linted as if they sat at `filePath`.
 */
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });

async function refusalsOf(filePath: string, from: string): Promise<string[]> {
  const text = `import { layered } from '${from}';\nexport const use = layered;\n`;
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('server layers', () => {
  // The first lint loads the configuration and its plugins.
  beforeAll(() => refusalsOf('server/db/warmUp.ts', './database'), 60_000);

  it('refuses an import of a layer above, naming the direction', async () => {
    const refusals = await refusalsOf('server/matching/wrongWay.ts', '../alerts/createAlerts');
    expect(refusals).toEqual([
      expect.stringContaining(
        'server/matching may not import server/alerts, which sits above it: server layers import downwards only',
      ),
    ]);
    expect(await refusalsOf('server/db/wrongWay.ts', '../profile/profileLookup')).toHaveLength(1);
  });

  it('lets a layer import the layers below it', async () => {
    expect(await refusalsOf('server/alerts/rightWay.ts', '../matching/scoreMatch')).toEqual([]);
    expect(await refusalsOf('server/profile/rightWay.ts', '../db/transactions')).toEqual([]);
  });

  it('refuses a peer in the same row', async () => {
    expect(await refusalsOf('server/cv/peer.ts', '../follow/followStore')).toEqual([
      expect.stringContaining('server/cv may not import server/follow, which sits beside it'),
    ]);
  });

  it('places a nested member on its own row: jobs/poll above alerts, jobRecord at the bottom', async () => {
    expect(await refusalsOf('server/jobs/poll/rightWay.ts', '../../alerts/createAlerts')).toEqual(
      [],
    );
    expect(await refusalsOf('server/jobs/store/wrongWay.ts', '../poll/pollJob')).toHaveLength(1);
    expect(await refusalsOf('server/alerts/wrongWay.ts', '../jobs/poll/pollJob')).toHaveLength(1);
    expect(await refusalsOf('server/db/rightWay.ts', '../jobs/jobRecord')).toEqual([]);
    expect(await refusalsOf('server/db/wrongWay.ts', '../jobs/store/jobRow')).toHaveLength(1);
  });

  it('lets the profile read CV summaries, which sit below it, but not the CV store', async () => {
    expect(await refusalsOf('server/profile/profileRoutes.ts', '../cv/cvSummaries')).toEqual([]);
    expect(await refusalsOf('server/profile/profileRoutes.ts', '../cv/cvStore')).toHaveLength(1);
  });

  it('keeps dev/ out of the production tree, and lets dev/ import the server', async () => {
    expect(await refusalsOf('server/alerts/dev.ts', '../../dev/mailSink/mailSink')).toEqual([
      expect.stringContaining('it never imports dev/'),
    ]);
    expect(await refusalsOf('server/app.ts', '../dev/jobBoards/standInServer')).toHaveLength(1);
    expect(await refusalsOf('dev/jobBoards/server.ts', '../../server/jobs/jobRecord')).toEqual([]);
  });

  it('places every folder of server/ in a row: each is refused an import of app.ts', async () => {
    const folders = readdirSync('server', { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    const unplaced = [];
    for (const folder of folders) {
      const refusals = await refusalsOf(`server/${folder.name}/probe.ts`, '../app');
      if (refusals.length === 0) unplaced.push(folder.name);
    }
    expect(folders.length).toBeGreaterThan(10);
    expect(unplaced).toEqual([]);
  });
});
