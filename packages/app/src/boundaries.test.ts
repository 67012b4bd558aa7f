// The dependency directions of eslint.config.js, run through ESLint's Node API on source strings
// placed (virtually) in the files named: a forbidden import is an error, an allowed one is not.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', { timeout: 30_000 }, () => {
  // Loading the config and its plugins takes seconds on a busy machine: once, before the cases.
  beforeAll(() => importErrors('packages/app/src/x.ts', ''), 120_000);

  it.each([
    ['packages/app/src/data/x.ts', "import { selectionStore } from '../workspace/selection.ts';"],
    ['packages/app/src/data/x.ts', "import { AccountMenu } from '../header/AccountMenu.tsx';"],
    ['packages/app/src/data/x.ts', "import { Brand } from '../components/Brand.tsx';"],
    ['packages/app/src/credits/x.ts', "import { initials } from '../header/initials.ts';"],
    ['packages/app/src/header/x.ts', "import { LibraryPanel } from '../workspace/LibraryPanel.tsx';"],
    ['packages/app/src/session/x.ts', "import { useFolderTree } from '../data/library.ts';"],
    ['packages/app/src/workspace/x.ts', "import { AppLayout } from '../layouts/AppLayout.tsx';"],
    ['packages/app/src/layouts/x.ts', "import { WorkspacePage } from '../pages/WorkspacePage.tsx';"],
    ['packages/app/src/pages/x.ts', "import { App } from '../App.tsx';"],
    ['packages/ui/src/x.ts', "import { FolderTree } from '@scribe/transcript-kit';"],
    ['packages/ui/src/x.ts', "import { paths } from '@scribe/api-client';"],
    ['packages/transcript-kit/src/x.ts', "import { api } from '@scribe/app';"],
    ['packages/transcript-kit/src/x.ts', "import { paths } from '@scribe/api-client';"],
    ['packages/transcript-kit/src/x.ts', "import { encodeWav } from '@scribe/api-client/wav';"],
    ['packages/transcript-kit/src/testing/x.ts', "import { paths } from '@scribe/api-client';"],
    ['packages/transcript-kit/src/testing/x.ts', "import { encodeWav } from '../../../api-client/src/wav.ts';"],
    ['packages/api-client/src/x.ts', "import { Button } from '@scribe/ui';"],
    ['packages/server/src/x.ts', "import { Button } from '@scribe/ui';"],
    ['packages/server/src/x.ts', "import { App } from '../../app/src/App.tsx';"],
    ['packages/app/src/x.ts', "import { buildApp } from '@scribe/server';"],
  ])('%s: refuses %s', async (file, code) => {
    expect(await importErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['packages/app/src/data/x.ts', "import { api } from '../api.ts';\nimport { useSession } from '../session/SessionProvider.tsx';"],
    ['packages/app/src/data/x.ts', "import { creditBalanceKey } from './credits.ts';"],
    [
      'packages/app/src/workspace/x.ts',
      "import { useFolderTree } from '../data/library.ts';\nimport { initials } from '../header/initials.ts';",
    ],
    ['packages/app/src/header/x.ts', "import { BuyCreditsDialog } from '../credits/BuyCreditsDialog.tsx';"],
    ['packages/app/src/credits/x.ts', "import { useCreditBalance } from '../data/credits.ts';"],
    [
      'packages/app/src/pages/x.ts',
      "import { AppLayout } from '../layouts/AppLayout.tsx';\nimport { AiPanel } from '../workspace/AiPanel.tsx';",
    ],
    ['packages/app/src/router.tsx', "import { WorkspacePage } from './pages/WorkspacePage.tsx';"],
    ['packages/app/src/x.ts', "import { paths } from '@scribe/api-client';\nimport { FolderTree } from '@scribe/transcript-kit';"],
    ['packages/transcript-kit/src/x.ts', "import { Button } from '@scribe/ui';"],
    ['packages/transcript-kit/src/testing/x.ts', "import { encodeWav } from '@scribe/api-client/wav';"],
    ['packages/server/src/x.ts', "import { paths } from '@scribe/api-client';"],
  ])('%s: allows %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});
