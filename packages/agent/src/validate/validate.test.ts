import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '../snapshot';
import { checkPath, formatIssue, resolveSnapshotImport, validateSnapshot } from './validate';
import { DETECTORS } from '../protocol/issues';

const TASK = {
  type: 'object' as const,
  properties: { title: { type: 'string' as const }, done: { type: 'boolean' as const } },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'creator' as const, write: 'creator' as const } },
};

/** A small app that passes every detector; each test breaks one thing. */
function validApp(): AppSnapshot {
  return {
    files: {
      'app.json': JSON.stringify({ name: 'Task Tracker', mainPage: 'Tasks' }),
      'globals.css': '@import "tailwindcss";\n@theme { --color-primary: #4f46e5; }\n',
      'layout.jsx': [
        "import { Link } from 'react-router-dom';",
        "import { createPageUrl } from '@/utils';",
        'export default function Layout({ children }) {',
        "  return <div><Link to={createPageUrl('Tasks')}>Tasks</Link>{children}</div>;",
        '}',
      ].join('\n'),
      'pages/Tasks.jsx': [
        "import React, { useEffect, useState } from 'react';",
        "import { Task } from '@/entities/Task';",
        "import { User } from '@/entities/User';",
        "import { Plus, Trash2 } from 'lucide-react';",
        "import TaskRow from '../components/TaskRow';",
        "import { formatDue } from '@/services/dates';",
        "import { Button } from '@/components/ui';",
        'export default function Tasks() {',
        '  const [tasks, setTasks] = useState([]);',
        '  useEffect(() => { Task.list().then(setTasks); User.me(); }, []);',
        '  return <div>{tasks.map((t) => <TaskRow key={t.id} task={t} due={formatDue(t.due)} />)}<Button><Plus /><Trash2 /></Button></div>;',
        '}',
      ].join('\n'),
      'components/TaskRow.jsx':
        'export default function TaskRow({ task, due }) { return <li>{task.title} {due}</li>; }\n',
      'components/ui/index.jsx': 'export function Button(props) { return <button {...props} />; }\n',
      'services/dates.js': 'export const formatDue = (d) => (d ? new Date(d).toLocaleDateString() : "");\n',
      'services/types.ts': 'export interface Row { id: string }\nexport const ROW_LIMIT: number = 20;\n',
    },
    entities: { Task: TASK },
  };
}

async function detect(snapshot: AppSnapshot) {
  return (await validateSnapshot(snapshot)).filter((i) => i.severity === 'error');
}

describe('validateSnapshot', () => {
  it('passes a valid app', async () => {
    expect(await validateSnapshot(validApp())).toEqual([]);
  });

  it('path: refuses traversal, absolute paths, unknown roots, nested pages and bad extensions', async () => {
    for (const bad of [
      '../etc/passwd.js',
      '/pages/A.jsx',
      'src/pages/A.jsx',
      'pages/admin/Users.jsx',
      'components/a.py',
      'pages/1st.jsx',
      `components/${'a'.repeat(200)}.jsx`,
    ]) {
      expect(checkPath(bad), bad).not.toBeNull();
    }
    for (const good of [
      'app.json',
      'globals.css',
      'layout.jsx',
      'pages/TaskDetail.jsx',
      'components/ui/Button.tsx',
      'services/api.ts',
      'components/data.json',
    ]) {
      expect(checkPath(good), good).toBeNull();
    }
    const app = validApp();
    app.files['pages/../x.jsx'] = 'export default 1;';
    app.files['src/pages/Home.jsx'] = "import x from './nowhere';\nexport default function Home( {";
    expect((await detect(app)).map((i) => [i.detectorId, i.file])).toEqual([
      ['path', 'pages/../x.jsx'],
      ['path', 'src/pages/Home.jsx'],
    ]);
  });

  it('app-json: needs valid JSON, a name and a mainPage that is a page', async () => {
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /missing/],
      ['{ name: ', /not valid JSON/],
      ['[]', /must be an object/],
      [JSON.stringify({ mainPage: 'Tasks' }), /non-empty "name"/],
      [JSON.stringify({ name: 'X', mainPage: 'Home' }), /mainPage "Home" is not a page \(pages: Tasks\)$/],
      [
        JSON.stringify({ name: 'X', mainPage: 'tasks' }),
        /mainPage "tasks" is not a page \(pages: Tasks\); did you mean "Tasks"\?/,
      ],
    ];
    for (const [manifest, message] of cases) {
      const app = validApp();
      if (manifest === undefined) delete app.files['app.json'];
      else app.files['app.json'] = manifest;
      const found = (await detect(app)).filter((i) => i.detectorId === 'app-json');
      expect(found, String(manifest)).toHaveLength(1);
      expect(found[0]!.message).toMatch(message);
    }
  });

  it('pages: at least one page, no two pages on one URL', async () => {
    const none = validApp();
    delete none.files['pages/Tasks.jsx'];
    expect((await detect(none)).map((i) => i.detectorId)).toContain('pages');
    const clash = validApp();
    clash.files['pages/task-s.jsx'] = 'export default function A() { return null; }';
    expect(await detect(clash)).toContainEqual(
      expect.objectContaining({ detectorId: 'pages', file: 'pages/task-s.jsx' }),
    );
  });

  it('syntax: reports the file and line of a JSX, TS, JSON or CSS error', async () => {
    const app = validApp();
    app.files['components/Broken.jsx'] =
      'export default function B() {\n  return <div>\n    <span>hi</span>\n  );\n}\n';
    app.files['services/bad.ts'] = 'export const a: number = ;\n';
    app.files['components/data.json'] = '{\n  "a": 1,\n}';
    app.files['globals.css'] = '@import "tailwindcss";\n.a { color: red;\n';
    const syntax = (await detect(app)).filter((i) => i.detectorId === 'syntax');
    expect(syntax).toContainEqual(
      expect.objectContaining({
        file: 'components/Broken.jsx',
        line: 6,
        message: 'Syntax error: Unexpected end of file before a closing "div" tag (The opening "div" tag is on line 2)',
      }),
    );
    expect(syntax).toContainEqual(expect.objectContaining({ file: 'services/bad.ts', line: 1 }));
    expect(syntax).toContainEqual(expect.objectContaining({ file: 'components/data.json' }));
    expect(syntax).toContainEqual(expect.objectContaining({ file: 'globals.css' }));
  });

  it('imports: unresolved files, unknown entities, packages, and names a module does not export', async () => {
    const app = validApp();
    app.files['pages/Other.jsx'] = [
      "import { useStat } from 'react';",
      "import { Home, NotAnIcon } from 'lucide-react';",
      "import { Project } from '@/entities/Project';",
      "import Missing from './Missing';",
      "import axios from 'axios';",
      "import { Row } from '../components/TaskRow';",
      "import { useMatch } from 'react-router-dom';",
      "import { SendSms } from '@/integrations/Core';",
      'export default function Other() { return <Home />; }',
    ].join('\n');
    const found = (await detect(app)).filter((i) => i.detectorId === 'imports');
    const byLine = Object.fromEntries(found.map((i) => [i.line, i.message]));
    expect(found.every((i) => i.file === 'pages/Other.jsx')).toBe(true);
    expect(byLine[1]).toMatch(/"react" does not export "useStat"/);
    expect(byLine[2]).toMatch(/"lucide-react" does not export "NotAnIcon"/);
    expect(byLine[3]).toMatch(/names no entity/);
    expect(byLine[4]).toMatch(/does not resolve/);
    expect(byLine[5]).toMatch(/"axios" is not available/);
    expect(byLine[6]).toMatch(/does not export "Row"/);
    expect(byLine[7]).toMatch(/does not export "useMatch"/);
    expect(byLine[8]).toMatch(/does not export "SendSms"/);
    expect(found).toHaveLength(8);
  });

  it('imports: require() is refused with the import to write instead', async () => {
    const app = validApp();
    app.files['services/old.js'] =
      "const dayjs = require('dayjs');\nexport const f = () => dayjs();\nexport const g = (o) => o.require('x');";
    expect((await detect(app)).filter((i) => i.detectorId === 'imports')).toEqual([
      {
        detectorId: 'imports',
        severity: 'error',
        file: 'services/old.js',
        line: 1,
        message: 'require("dayjs") does not work in app code: use import ... from "dayjs"',
      },
    ]);
  });

  it('imports: one issue for an unresolved import written twice', async () => {
    const app = validApp();
    app.files['components/Twice.jsx'] =
      "import a from './gone';\nimport b from './gone';\nexport default () => [a, b];";
    expect((await detect(app)).filter((i) => i.detectorId === 'imports')).toEqual([
      {
        detectorId: 'imports',
        severity: 'error',
        file: 'components/Twice.jsx',
        line: 1,
        message: '"./gone" does not resolve to a file of the app',
      },
    ]);
  });

  it('imports: resolves extensions, index files and @/ paths', () => {
    const files = validApp().files;
    expect(resolveSnapshotImport(files, 'pages/Tasks.jsx', '../components/TaskRow')).toBe('components/TaskRow.jsx');
    expect(resolveSnapshotImport(files, 'pages/Tasks.jsx', '@/components/ui')).toBe('components/ui/index.jsx');
    expect(resolveSnapshotImport(files, 'pages/Tasks.jsx', '../../components/TaskRow')).toBeNull();
    expect(resolveSnapshotImport(files, 'components/TaskRow.jsx', './ui/index.jsx')).toBe('components/ui/index.jsx');
  });

  it('default-export: pages and the layout need one', async () => {
    const app = validApp();
    app.files['pages/Tasks.jsx'] = 'export function Tasks() { return null; }';
    app.files['layout.jsx'] = 'export const Layout = ({ children }) => children;';
    const found = (await detect(app)).filter((i) => i.detectorId === 'default-export').map((i) => i.file);
    expect(found.sort()).toEqual(['layout.jsx', 'pages/Tasks.jsx']);
  });

  it('globals-css: an empty globals.css is refused, one without Tailwind v4 warned about', async () => {
    const app = validApp();
    app.files['globals.css'] = '  \n';
    expect((await detect(app)).map((i) => i.detectorId)).toEqual(['globals-css']);
    app.files['globals.css'] = '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n';
    expect((await validateSnapshot(app)).map((i) => [i.detectorId, i.severity])).toEqual([['globals-css', 'warning']]);
  });

  it('entity-schema: an invalid stored schema is reported with the bad property', async () => {
    const app = validApp();
    app.entities.Task = { ...TASK, properties: { ...TASK.properties, due: { type: 'date' } } } as never;
    const found = await detect(app);
    expect(found).toEqual([expect.objectContaining({ detectorId: 'entity-schema', file: 'entities/Task.json' })]);
    expect(found[0]!.message).toMatch(/property "due"/);
  });

  it('every detector of validateSnapshot is exercised above', () => {
    expect(DETECTORS).toEqual(
      expect.arrayContaining([
        'path',
        'app-json',
        'pages',
        'syntax',
        'imports',
        'default-export',
        'globals-css',
        'entity-schema',
      ]),
    );
    expect(formatIssue({ message: 'm', file: 'a.jsx', line: 3, severity: 'error', detectorId: 'syntax' })).toBe(
      'a.jsx:3: m',
    );
  });
});
