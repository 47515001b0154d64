/**
 * The floors of the server held by lint (eslint.config.js, LAYERS): each probe below is an import a
 * floor must refuse, linted as if it were a file of that floor. A floor rule dropped or loosened
 * lets its probe through and fails here.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The probes are not files of the project, so they are linted without type information (the
// import rules need none); everything else is the project's own configuration.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ ...tseslint.configs.disableTypeChecked, languageOptions: { parserOptions: { projectService: false, project: null } } }],
});

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const probes: { floor: string; file: string; source: string; says: string }[] = [
  {
    floor: 'data/ → domain/',
    file: 'server/data/repositories/probe.ts',
    source: "import { OrderService } from '../../domain/orders/orders.js';\nexport const probe = OrderService;\n",
    says: 'data/ sits under the services',
  },
  {
    floor: 'data/ → http/',
    file: 'server/data/probe.ts',
    source: "import { createApp } from '../http/app.js';\nexport const probe = createApp;\n",
    says: 'data/ sits under the services',
  },
  {
    floor: 'model/ → data/',
    file: 'server/model/probe.ts',
    source: "import { prepared } from '../data/statements.js';\nexport const probe = prepared;\n",
    says: 'model/ is the floor',
  },
  {
    floor: 'model/ → domain/',
    file: 'server/model/orders/probe.ts',
    source: "import { OrderService } from '../../domain/orders/orders.js';\nexport const probe = OrderService;\n",
    says: 'model/ is the floor',
  },
  {
    floor: 'model/ → SQLite',
    file: 'server/model/probe.ts',
    source: "import Database from 'better-sqlite3';\nexport const probe = Database;\n",
    says: 'model/ holds no storage',
  },
  {
    floor: 'domain/ → http/',
    file: 'server/domain/orders/probe.ts',
    source: "import { createApp } from '../../http/app.js';\nexport const probe = createApp;\n",
    says: 'domain/ knows nothing of HTTP',
  },
  {
    floor: 'domain/ → cli/',
    file: 'server/domain/probe.ts',
    source: "import { runCli } from '../cli/run.js';\nexport const probe = runCli;\n",
    says: 'domain/ knows nothing of HTTP',
  },
  {
    floor: 'domain/ → express',
    file: 'server/domain/probe.ts',
    source: "import express from 'express';\nexport const probe = express;\n",
    says: 'domain/ knows nothing of HTTP',
  },
  {
    floor: 'domain/ → sync/',
    file: 'server/domain/orders/probe.ts',
    source: "import { PushWorker } from '../../sync/push/worker.js';\nexport const probe = PushWorker;\n",
    says: 'domain/ sits under the sync',
  },
  {
    floor: 'domain/ → tills/',
    file: 'server/domain/orders/probe.ts',
    source: "import type { PeerTill } from '../../tills/peer-network.js';\nexport type Probe = PeerTill;\n",
    says: 'domain/ sits under the tills',
  },
  {
    floor: 'sync/ → tills/',
    file: 'server/sync/push/probe.ts',
    source: "import type { PeerTill } from '../../tills/peer-network.js';\nexport type Probe = PeerTill;\n",
    says: 'knows nothing of the other tills',
  },
  {
    floor: 'tills/ → http/',
    file: 'server/tills/probe.ts',
    source: "import { createApp } from '../http/app.js';\nexport const probe = createApp;\n",
    says: 'The tills sit beside the domain',
  },
  {
    floor: 'routers → data/ (a repository)',
    file: 'server/http/routers/probe.ts',
    source: "import { StoresRepository } from '../../data/repositories/stores.js';\nexport const probe = StoresRepository;\n",
    says: 'A router calls the services',
  },
  {
    floor: 'routers → data/ (a transaction)',
    file: 'server/http/routers/probe.ts',
    source: "import { writeTransaction } from '../../data/write-transaction.js';\nexport const probe = writeTransaction;\n",
    says: 'A router calls the services',
  },
  {
    floor: 'server/ → electron',
    file: 'server/http/probe.ts',
    source: "import { app } from 'electron';\nexport const probe = app;\n",
    says: 'server/ is plain Node',
  },
  {
    floor: 'renderer/ → server/',
    file: 'renderer/probe.ts',
    source: "import { gmtNow } from '../server/model/dates.js';\nexport const probe = gmtNow;\n",
    says: 'The renderer is a browser page',
  },
];

describe('the floors of the server, held by lint', () => {
  for (const probe of probes) {
    it(`refuses ${probe.floor}`, async () => {
      const errors = await importErrors(probe.file, probe.source);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(probe.says);
    });
  }

  it('lets each floor import the one below it', async () => {
    expect(await importErrors('server/data/probe.ts', "import { gmtNow } from '../model/dates.js';\nexport const probe = gmtNow;\n")).toEqual([]);
    expect(await importErrors('server/domain/probe.ts', "import { prepared } from '../data/statements.js';\nexport const probe = prepared;\n")).toEqual([]);
    expect(await importErrors('server/http/probe.ts', "import { gmtNow } from '../model/dates.js';\nexport const probe = gmtNow;\n")).toEqual([]);
    expect(await importErrors('server/sync/push/probe.ts', "import { ApiError } from '../../domain/errors.js';\nexport const probe = ApiError;\n")).toEqual([]);
    // The sync's floor is the folder: a package named `sync` (csv-parse's) is no import of it.
    expect(await importErrors('server/domain/import/probe.ts', "import { parse } from 'csv-parse/sync';\nexport const probe = parse;\n")).toEqual([]);
    expect(
      await importErrors('server/http/routers/probe.ts', "import { invalidParams } from '../../domain/errors.js';\nexport const probe = invalidParams;\n"),
    ).toEqual([]);
  });
});
