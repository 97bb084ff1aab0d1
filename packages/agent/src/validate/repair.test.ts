import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '../snapshot';
import { closestIcon, repairSnapshot } from './repair';
import { validateSnapshot } from './validate';

const app = (page: string, manifest = { name: 'A', mainPage: 'Tasks' }): AppSnapshot => ({
  files: { 'app.json': JSON.stringify(manifest), 'pages/Tasks.jsx': page },
  entities: {},
});

describe('repairSnapshot', () => {
  it('imports the closest real icon under the made-up name, so the page validates unchanged otherwise', async () => {
    const page = [
      "import { Home, Pencil2, Calender as Cal, Xyzzyqwv } from 'lucide-react';",
      'export default function Tasks() { return <div><Home /><Pencil2 /><Cal /><Xyzzyqwv /></div>; }',
    ].join('\n');
    const broken = app(page);
    expect((await validateSnapshot(broken)).map((i) => i.detectorId)).toEqual(['imports', 'imports', 'imports']);
    const { snapshot, repairedFiles } = await repairSnapshot(broken);
    expect(snapshot.files['pages/Tasks.jsx']!.split('\n')[0]).toBe(
      "import { Home, Pencil as Pencil2, Calendar as Cal, Circle as Xyzzyqwv } from 'lucide-react';",
    );
    expect(repairedFiles).toEqual([{ fileId: 'pages/Tasks.jsx', issuesFixed: 3 }]);
    expect(await validateSnapshot(snapshot)).toEqual([]);
    expect(broken.files['pages/Tasks.jsx']).toBe(page);
  });

  it('rewrites Base44-style @/api imports of real entities and integrations', async () => {
    const page = [
      "import { Task, User as Me } from '@/api/entities';",
      "import { Project } from '@/api/entities';",
      'import { InvokeLLM, Core } from "@/api/integrations";',
      'export default function Tasks() { return [Task, Me, Project, InvokeLLM, Core].length; }',
    ].join('\n');
    const broken: AppSnapshot = {
      ...app(page),
      entities: {
        Task: {
          type: 'object',
          properties: {},
          'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
        },
      },
    };
    const { snapshot, repairedFiles } = await repairSnapshot(broken);
    expect(snapshot.files['pages/Tasks.jsx']!.split('\n').slice(0, 5)).toEqual([
      "import { Task } from '@/entities/Task';",
      "import { User as Me } from '@/entities/User';",
      "import { Project } from '@/api/entities';",
      'import Core from "@/integrations/Core";',
      'import { InvokeLLM } from "@/integrations/Core";',
    ]);
    expect(repairedFiles).toEqual([{ fileId: 'pages/Tasks.jsx', issuesFixed: 2 }]);
    // Project is no entity of this app: that import is left for the model and still reported.
    expect((await validateSnapshot(snapshot)).map((i) => [i.detectorId, i.line])).toEqual([['imports', 3]]);
  });

  it('points mainPage at the page it names in another case', async () => {
    const { snapshot, repairedFiles } = await repairSnapshot(
      app('export default () => null;', { name: 'A', mainPage: 'tasks' }),
    );
    expect(JSON.parse(snapshot.files['app.json']!)).toEqual({ name: 'A', mainPage: 'Tasks' });
    expect(repairedFiles).toEqual([{ fileId: 'app.json', issuesFixed: 1 }]);
  });

  it('leaves a valid app alone', async () => {
    const valid = app("import { Plus } from 'lucide-react';\nexport default () => <Plus />;");
    expect(await repairSnapshot(valid)).toEqual({ snapshot: valid, repairedFiles: [] });
  });

  it('prefers the exact name without Lucide/Icon affixes', () => {
    const icons = new Set(['Trash', 'Trash2', 'TrashIcon', 'House']);
    expect(closestIcon('LucideTrash', icons)).toBe('Trash');
    expect(closestIcon('house', icons)).toBe('House');
    expect(closestIcon('Nothing', icons)).toBe('Circle');
  });
});
