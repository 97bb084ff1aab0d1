import { describe, expect, it } from 'vitest';
import { validateSnapshot, type AppSnapshot } from '@tessera/agent';
import { applyStep, refusalNote, repairRequest, withoutBroken } from './chat-repair';

const page = (name: string, body = `<p>${name}</p>`) =>
  `import React from "react";\nexport default function ${name}() {\n  return ${body};\n}\n`;

const base: AppSnapshot = {
  files: {
    'app.json': '{ "name": "Books", "mainPage": "Books" }\n',
    'pages/Books.jsx': page('Books'),
  },
  entities: {},
};

describe('the repair loop of a turn', () => {
  it('finds only the errors the turn brought, and keeps the sound rest when refusing the broken part', async () => {
    // An app saved before a check existed: its own slip is neither repaired nor refused.
    const old: AppSnapshot = { ...base, files: { ...base.files, 'pages/Old.jsx': page('Old', '<Star />') } };
    const before = validateSnapshot(old);
    const step = await applyStep(
      { snapshot: old, records: {} },
      [
        {
          type: 'add_file',
          file: 'pages/Search.jsx',
          content: 'import axios from "axios";\n' + page('Search', '<p>{String(axios)}</p>'),
          title: 'Search',
          isComplete: true,
          isTruncated: false,
        },
        {
          type: 'add_file',
          file: 'pages/About.jsx',
          content: page('About'),
          title: 'About',
          isComplete: true,
          isTruncated: false,
        },
      ],
      before,
    );
    expect(step.actionIssues).toEqual([]);
    expect(step.snapshotIssues.map((i) => [i.file, i.line, i.detectorId])).toEqual([
      ['pages/Search.jsx', 1, 'imports'],
    ]);

    const request = repairRequest(step.snapshotIssues, step.state.snapshot);
    expect(request).toContain('found 1 problem');
    expect(request).toContain('- pages/Search.jsx:1: "axios" is not available');
    expect(request).toContain('### pages/Search.jsx\n````\nimport axios from "axios";');

    const kept = await withoutBroken(old, step.state, step.snapshotIssues, before);
    expect(Object.keys(kept!.snapshot.files).sort()).toEqual([
      'app.json',
      'pages/About.jsx',
      'pages/Books.jsx',
      'pages/Old.jsx',
    ]);
    // Nothing of the turn left: null.
    const broken = await applyStep(
      { snapshot: base, records: {} },
      [
        {
          type: 'add_file',
          file: 'pages/Books.jsx',
          content: page('Books', '<Star />'),
          title: 'Books',
          isComplete: true,
          isTruncated: false,
        },
      ],
      validateSnapshot(base),
    );
    expect(await withoutBroken(base, broken.state, broken.snapshotIssues, validateSnapshot(base))).toBeNull();
  });

  it('tells the model next turn what was refused and why', () => {
    expect(refusalNote(undefined)).toBe('');
    expect(refusalNote({ type: 'truncated', message: 'x' })).toBe('');
    expect(
      refusalNote({
        type: 'validation-failed',
        message: 'Some changes were not applied: 1 problem remained after the repair steps',
        issues: [{ file: 'pages/Search.jsx', line: 2, message: '"axios" is not available' }],
      }),
    ).toBe(
      '\n\n[Tessera: Some changes were not applied: 1 problem remained after the repair steps. What these problems concern was not applied:\n- pages/Search.jsx:2: "axios" is not available]',
    );
  });
});
