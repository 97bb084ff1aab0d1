import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '@tessera/agent';
import { buildSnapshot, bundleKeyOf, compileCss, createBundler, resolveSnapshotPath } from './bundler';

const app = (files: Record<string, string>, entities: string[] = []): AppSnapshot => ({
  files: { 'app.json': '{"name":"Demo","mainPage":"Home"}', ...files },
  entities: Object.fromEntries(
    entities.map((e) => [
      e,
      { type: 'object', properties: {}, 'x-accessControl': { permissions: { read: 'creator', write: 'creator' } } },
    ]),
  ),
});

describe('resolveSnapshotPath', () => {
  const files = {
    'components/Card.jsx': '',
    'components/ui/index.js': '',
    'services/api.ts': '',
    'data/seed.json': '',
  };
  it('resolves ./, ../ and @/ with optional extensions and index files', () => {
    expect(resolveSnapshotPath(files, '../components/Card', 'pages/Home.jsx')).toBe('components/Card.jsx');
    expect(resolveSnapshotPath(files, './Card.jsx', 'components/List.jsx')).toBe('components/Card.jsx');
    expect(resolveSnapshotPath(files, '@/components/ui', 'pages/Home.jsx')).toBe('components/ui/index.js');
    expect(resolveSnapshotPath(files, '@/services/api', 'x')).toBe('services/api.ts');
    expect(resolveSnapshotPath(files, '@/data/seed.json', 'x')).toBe('data/seed.json');
  });
  it('never leaves the snapshot', () => {
    expect(resolveSnapshotPath(files, '../../etc/passwd', 'pages/Home.jsx')).toBeNull();
    expect(resolveSnapshotPath(files, './Missing', 'pages/Home.jsx')).toBeNull();
  });
});

describe('buildSnapshot', () => {
  it('bundles pages, components and layout into one ES module with the runtime modules external', async () => {
    const out = await buildSnapshot(
      'app-1',
      app(
        {
          'pages/Home.jsx': `import { Task } from '@/entities/Task';\nimport User from '@/entities/User';\nimport { UploadFile } from '@/integrations/Core';\nimport { createPageUrl } from '@/utils';\nimport { Link } from 'react-router-dom';\nimport { Plus } from 'lucide-react';\nimport Card from '../components/Card';\nexport default function Home() { return <Link to={createPageUrl('Detail')}><Plus /><Card />{String(Task && User && UploadFile)}</Link>; }`,
          'pages/Detail.jsx': 'export default function Detail() { return null; }',
          'components/Card.jsx': `import { format } from '@/services/format';\nexport default function Card() { return <div>{format(1)}</div>; }`,
          'services/format.js': 'export const format = (n) => `#${n}`;',
          'layout.jsx': 'export default function Layout({ children }) { return <main>{children}</main>; }',
        },
        ['Task'],
      ),
    );
    expect(out.issues).toEqual([]);
    expect(out.pages).toEqual(['Detail', 'Home']);
    expect(out.components).toEqual(['components/Card']);
    expect(out.mainPage).toBe('Home');
    const js = out.js!;
    expect(js).toMatch(/from\s*"@tessera\/sdk"/);
    expect(js).toContain('entity("Task")');
    expect(js).toMatch(/entity\d*\("User"\)/);
    expect(js).toMatch(/from\s*"react\/jsx-runtime"/);
    expect(js).toMatch(/from\s*"react-router-dom"/);
    expect(js).toContain('#${n}');
    // Only the icon used: lucide's shared code plus "plus", never its whole index.
    expect(js).toContain('"plus"');
    expect(js).not.toContain('"trash"');
    expect(js.length).toBeLessThan(20_000);
    expect(js).toMatch(/export\s*\{[^}]*Layout[^}]*pages/);
  });

  it('reports unknown entities, unresolved imports and foreign packages with file and line', async () => {
    const out = await buildSnapshot(
      'app-1',
      app({
        'pages/Home.jsx': `import { Ghost } from '@/entities/Ghost';\nimport Missing from './Missing';\nimport axios from 'axios';\nexport default function Home() { return null; }`,
      }),
    );
    expect(out.js).toBeNull();
    expect(out.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'pages/Home.jsx',
          line: 1,
          message: expect.stringContaining('Unknown entity "Ghost"'),
        }),
        expect.objectContaining({
          file: 'pages/Home.jsx',
          line: 2,
          message: 'Cannot find "./Missing" among the app\'s files',
        }),
        expect.objectContaining({
          file: 'pages/Home.jsx',
          line: 3,
          message: expect.stringContaining('Cannot import "axios"'),
        }),
      ]),
    );
  });

  it('reports a syntax error at its file and line', async () => {
    const out = await buildSnapshot(
      'app-1',
      app({
        'pages/Home.jsx': 'export default function Home() {\n  return <div>\n}',
        'components/Ok.jsx': 'export default () => null;',
      }),
    );
    expect(out.js).toBeNull();
    expect(out.issues[0]).toMatchObject({ file: 'pages/Home.jsx', line: 3 });
    expect(out.issues[0]!.message).toMatch(/Expected|Unexpected/);
  });

  it('reports a broken app.json without failing the build', async () => {
    const out = await buildSnapshot('app-1', {
      files: { 'app.json': '{nope', 'pages/A.jsx': 'export default () => null;' },
      entities: {},
    });
    expect(out.js).not.toBeNull();
    expect(out.issues[0]).toMatchObject({ file: 'app.json' });
  });
});

describe('compileCss', () => {
  it('compiles Tailwind v4 with only the classes the files use, and the app theme', async () => {
    const { css, issues } = await compileCss({
      'globals.css': '@import "tailwindcss";\n@theme { --color-primary: #ff5500; }',
      'pages/Home.jsx': 'export default () => <div className="bg-primary p-4 text-sm md:flex">x</div>;',
    });
    expect(issues).toEqual([]);
    expect(css).toContain('.bg-primary');
    expect(css).toContain('#ff5500');
    expect(css).toContain('.p-4');
    expect(css).toContain('.md\\:flex');
    expect(css).not.toContain('.p-8');
    expect(css).not.toContain('.bg-red-500');
  });

  it('keeps remote stylesheet imports (web fonts) for the browser', async () => {
    const { css, issues } = await compileCss({
      'globals.css': '@import url("https://fonts.googleapis.com/css2?family=Inter");\n@import "tailwindcss";',
      'pages/A.jsx': '<p className="p-2" />',
    });
    expect(issues).toEqual([]);
    expect(css).toContain('@import url("https://fonts.googleapis.com/css2?family=Inter")');
  });

  it('uses a default when there is no globals.css', async () => {
    const { css } = await compileCss({ 'pages/Home.jsx': '<b className="underline" />' });
    expect(css).toContain('.underline');
  });

  it('refuses imports of server files and plugins', async () => {
    const read = await compileCss({ 'globals.css': '@import "../../../../etc/passwd";' });
    expect(read.css).toBeNull();
    expect(read.issues[0]).toMatchObject({ file: 'globals.css', message: expect.stringContaining('is not available') });
    const plugin = await compileCss({ 'globals.css': '@import "tailwindcss";\n@plugin "./evil.js";' });
    expect(plugin.css).toBeNull();
    expect(plugin.issues[0]!.message).toContain('plugins and config files are not supported');
  });
});

describe('createBundler', () => {
  it('builds each snapshot once: memory first, then the disk cache of another process', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'tessera-bundles-'));
    const snapshot = app({ 'pages/Home.jsx': 'export default () => <p className="italic">hi</p>;' });
    const bundler = createBundler({ cacheDir });
    const [a, b] = await Promise.all([bundler.bundle('app-1', snapshot), bundler.bundle('app-1', snapshot)]);
    expect(a).toBe(b);
    expect(await bundler.bundle('app-1', snapshot)).toBe(a);
    expect(readdirSync(cacheDir)).toEqual([`${a.key}.json`]);
    const restarted = createBundler({ cacheDir });
    expect(restarted.find(a.key)).toEqual(a);
    expect((await restarted.bundle('app-1', snapshot)).js).toBe(a.js);
    expect(restarted.find('../../etc/passwd')).toBeNull();
  });

  it('keys by app and content', () => {
    const snapshot = app({ 'pages/Home.jsx': 'x' });
    expect(bundleKeyOf('a', snapshot)).toBe(bundleKeyOf('a', app({ 'pages/Home.jsx': 'x' })));
    expect(bundleKeyOf('a', snapshot)).not.toBe(bundleKeyOf('b', snapshot));
    expect(bundleKeyOf('a', snapshot)).not.toBe(bundleKeyOf('a', app({ 'pages/Home.jsx': 'y' })));
  });
});
