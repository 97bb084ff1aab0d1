import { describe, expect, it } from 'vitest';
import { createActionStream, parseActionText } from './parse';

const DOC_EXAMPLE = [
  "I'll set up the tracker.",
  '<tessera-group title="Create the task tracker">',
  '<tessera-action type="add_file" path="pages/Tasks.jsx">',
  'import React from "react";',
  'export default function Tasks() { return <div>...</div>; }',
  '</tessera-action>',
  '<tessera-action type="delete_file" path="components/Old.jsx"></tessera-action>',
  '</tessera-group>',
  'Done.',
].join('\n');

describe('parseActionText', () => {
  it('reads prose, a titled group and its actions', () => {
    const msg = parseActionText(DOC_EXAMPLE, { isFinal: true });
    expect(msg.segments.map((s) => s.kind)).toEqual(['text', 'group', 'text']);
    expect(msg.actions).toEqual([
      {
        title: 'Create the task tracker',
        type: 'add_file',
        file: 'pages/Tasks.jsx',
        content: 'import React from "react";\nexport default function Tasks() { return <div>...</div>; }',
        isComplete: true,
        isTruncated: false,
      },
      { title: 'Create the task tracker', type: 'delete_file', file: 'components/Old.jsx', content: '', isComplete: true, isTruncated: false },
    ]);
  });

  it('keeps the open action incomplete while streaming and truncated once final', () => {
    const cut = DOC_EXAMPLE.slice(0, DOC_EXAMPLE.indexOf('</tessera-action>'));
    const streaming = parseActionText(cut, { isFinal: false });
    expect(streaming.actions).toHaveLength(1);
    expect(streaming.actions[0]).toMatchObject({ isComplete: false, isTruncated: false });
    const final = parseActionText(cut, { isFinal: true });
    expect(final.actions[0]).toMatchObject({ isComplete: false, isTruncated: true });
  });

  it('streams the same actions as the one-shot parse', () => {
    const stream = createActionStream();
    const got = [];
    for (let i = 0; i < DOC_EXAMPLE.length; i += 7) got.push(...stream.push(DOC_EXAMPLE.slice(i, i + 7)));
    got.push(...stream.end());
    expect(got).toEqual(parseActionText(DOC_EXAMPLE, { isFinal: true }).actions);
  });
});
