import { describe, expect, it } from 'vitest';
import type { CodeFile } from '@tessera/contracts/code';
import { displayName, fileSections, firstFile, sectionOf } from './file-tree';

const file = (path: string): CodeFile => ({ id: path, path, content: '', readOnly: path.startsWith('entities/') });

describe('file tree', () => {
  it.each([
    ['app.json', 'layout'],
    ['layout.jsx', 'layout'],
    ['globals.css', 'styles'],
    ['components/card.css', 'styles'],
    ['pages/Home.jsx', 'pages'],
    ['components/ui/Button.jsx', 'components'],
    ['services/format.js', 'services'],
    ['entities/Task.json', 'entities'],
  ])('%s goes under %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });

  it('lists the six sections in order with their files sorted', () => {
    const sections = fileSections(['pages/B.jsx', 'pages/A.jsx', 'entities/Task.json', 'app.json'].map(file));
    expect(sections.map((s) => s.label)).toEqual(['Layout', 'Styles', 'Pages', 'Components', 'Entities', 'Services']);
    expect(sections[2]!.files.map((f) => f.path)).toEqual(['pages/A.jsx', 'pages/B.jsx']);
    expect(sections[1]!.files).toEqual([]);
  });

  it('names files inside their folder and opens the main page first', () => {
    expect(displayName('components/ui/Button.jsx')).toBe('ui/Button.jsx');
    expect(displayName('layout.jsx')).toBe('layout.jsx');
    const files = ['app.json', 'pages/A.jsx', 'pages/Tasks.jsx'].map(file);
    expect(firstFile(files, 'Tasks')?.path).toBe('pages/Tasks.jsx');
    expect(firstFile(files, null)?.path).toBe('pages/A.jsx');
    expect(firstFile([file('entities/T.json'), file('app.json')])?.path).toBe('app.json');
    expect(firstFile([])).toBeNull();
  });
});
