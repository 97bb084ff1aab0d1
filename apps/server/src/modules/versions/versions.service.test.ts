import { describe, expect, it } from 'vitest';
import { readManifest } from '../apps/app-manifest';
import { diffSnapshots, snapshotFiles } from './versions.service';

const schema = {
  type: 'object' as const,
  properties: { title: { type: 'string' as const } },
  'x-accessControl': { permissions: { read: 'creator' as const, write: 'creator' as const } },
};

describe('snapshot files and diffs', () => {
  it('lists entity schemas as entities/{Name}.json among the files, sorted by path', () => {
    const files = snapshotFiles({ files: { 'pages/B.jsx': 'b', 'app.json': '{}' }, entities: { Task: schema } });
    expect([...files.keys()]).toEqual(['app.json', 'entities/Task.json', 'pages/B.jsx']);
    expect(JSON.parse(files.get('entities/Task.json')!)).toEqual(schema);
  });

  it('marks each path added, modified, deleted or unchanged', () => {
    const older = {
      files: { 'app.json': '{}', 'pages/A.jsx': 'a', 'pages/Gone.jsx': 'x' },
      entities: { Task: schema },
    };
    const newer = { files: { 'app.json': '{}', 'pages/A.jsx': 'a2', 'pages/New.jsx': 'n' }, entities: {} };
    expect(diffSnapshots(older, newer).map((f) => [f.path, f.status])).toEqual([
      ['app.json', 'unchanged'],
      ['entities/Task.json', 'deleted'],
      ['pages/A.jsx', 'modified'],
      ['pages/Gone.jsx', 'deleted'],
      ['pages/New.jsx', 'added'],
    ]);
    const modified = diffSnapshots(older, newer).find((f) => f.path === 'pages/A.jsx')!;
    expect([modified.oldCode, modified.newCode]).toEqual(['a', 'a2']);
  });

  it('treats everything as added against no previous version', () => {
    expect(diffSnapshots(null, { files: { 'app.json': '{}' }, entities: {} })).toEqual([
      { path: 'app.json', oldCode: '', newCode: '{}', status: 'added' },
    ]);
  });

  it('reads the manifest leniently', () => {
    expect(readManifest({ files: { 'app.json': '{"name":" Focus ","mainPage":"Tasks"}' }, entities: {} })).toEqual({
      name: 'Focus',
      mainPage: 'Tasks',
    });
    expect(readManifest({ files: { 'app.json': '{not json' }, entities: {} })).toEqual({});
    expect(readManifest({ files: {}, entities: {} })).toEqual({});
  });
});
