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
      {
        title: 'Create the task tracker',
        type: 'delete_file',
        file: 'components/Old.jsx',
        content: '',
        isComplete: true,
        isTruncated: false,
      },
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

describe('parseActionText edge cases', () => {
  const texts = (msg: ReturnType<typeof parseActionText>) =>
    msg.segments.flatMap((s) => (s.kind === 'text' ? [s.text] : []));

  it('takes a name attribute as the entity only on entity actions', () => {
    const text =
      '<tessera-action type="add_file" name="Home page" path="pages/Home.jsx">\nx\n</tessera-action>\n<tessera-action type="insert_entity_records" name="Task">\n[]\n</tessera-action>';
    const [file, records] = parseActionText(text, { isFinal: true }).actions;
    expect(file).not.toHaveProperty('entity');
    expect(records).toMatchObject({ entity: 'Task', file: 'entities/Task.json' });
  });

  it('reads an empty answer and a prose-only answer', () => {
    expect(parseActionText('', { isFinal: true })).toEqual({ segments: [], actions: [] });
    expect(parseActionText('  \n', { isFinal: false })).toEqual({ segments: [], actions: [] });
    expect(parseActionText('Sure — what colour?\n\n```js\nconst a = 1;\n```', { isFinal: true })).toEqual({
      segments: [{ kind: 'text', text: 'Sure — what colour?\n\n```js\nconst a = 1;\n```' }],
      actions: [],
    });
  });

  it('hides a half-written tag while streaming and drops it once final', () => {
    expect(texts(parseActionText('Here we go <tessera-gr', { isFinal: false }))).toEqual(['Here we go']);
    expect(texts(parseActionText('Here we go\n<tessera-gr', { isFinal: true }))).toEqual(['Here we go']);
    expect(texts(parseActionText('if a < b then', { isFinal: true }))).toEqual(['if a < b then']);
    expect(texts(parseActionText('1 <t', { isFinal: false }))).toEqual(['1']);
  });

  it('shows a group as soon as its tag is complete, and an action as soon as its opening tag is', () => {
    const group = parseActionText('<tessera-group title="Pages">', { isFinal: false });
    expect(group.segments).toEqual([{ kind: 'group', title: 'Pages', actions: [], isComplete: false }]);
    const action = parseActionText(
      '<tessera-group title="Pages">\n<tessera-action type="add_file" path="pages/A.jsx">\nexport def',
      { isFinal: false },
    );
    expect(action.actions).toEqual([
      {
        title: 'Pages',
        type: 'add_file',
        file: 'pages/A.jsx',
        content: 'export def',
        isComplete: false,
        isTruncated: false,
      },
    ]);
  });

  it('keeps an action open while its closing tag may still be part of a longer line', () => {
    const text = '<tessera-action type="add_file" path="a.js">\nconst s = 1;</tessera-action>';
    expect(parseActionText(text, { isFinal: false }).actions[0]).toMatchObject({
      content: 'const s = 1;',
      isComplete: false,
      isTruncated: false,
    });
    expect(parseActionText(text, { isFinal: true }).actions[0]).toMatchObject({
      content: 'const s = 1;',
      isComplete: true,
      isTruncated: false,
    });
    expect(parseActionText(`${text}";\n`, { isFinal: true }).actions[0]).toMatchObject({ isTruncated: true });
  });

  it('reads permissions from a schema that is still streaming', () => {
    const text =
      '<tessera-action type="add_entity" entity="Post">\n```json\n{ "properties": {}, "x-accessControl": { "permissions": { "read": "anonymous", "write": "admin"';
    expect(parseActionText(text, { isFinal: false }).actions[0]!.permissions).toEqual({
      read: 'anonymous',
      write: 'admin',
    });
  });

  it('treats an opening tag longer than 20 lines as prose', () => {
    const text = `<tessera-action type="add_file" path="a.js${'\n'.repeat(25)}" >\nbody\n`;
    const msg = parseActionText(text, { isFinal: true });
    expect(msg.actions).toEqual([]);
    expect(texts(msg).join('\n')).toContain('body');
  });

  it('splits CRLF across chunks like any other line break', () => {
    const stream = createActionStream();
    const got = [
      ...stream.push('<tessera-action type="delete_file" path="a.js">\r'),
      ...stream.push('\n</tessera-action>\r'),
      ...stream.push('\nDone'),
      ...stream.end(),
    ];
    expect(got).toEqual([
      { title: 'Delete a.js', type: 'delete_file', file: 'a.js', content: '', isComplete: true, isTruncated: false },
    ]);
    expect(stream.message().segments.at(-1)).toEqual({ kind: 'text', text: 'Done' });
    expect(() => stream.push('more')).toThrow();
  });

  it('hands each action out once, when it completes', () => {
    const stream = createActionStream();
    expect(stream.push('<tessera-group title="G">\n<tessera-action type="add_file" path="a.js">\nx\n')).toEqual([]);
    expect(stream.push('</tessera-action>\n').map((a) => a.file)).toEqual(['a.js']);
    expect(stream.push('<tessera-action type="add_file" path="b.js">\ny\n')).toEqual([]);
    expect(stream.end()).toEqual([
      { title: 'G', type: 'add_file', file: 'b.js', content: 'y', isComplete: false, isTruncated: true },
    ]);
    expect(stream.end()).toEqual([]);
  });

  it('closes the action on a closing tag that starts a line, even with prose after it', () => {
    const text = '<tessera-action type="add_file" path="a.js">\n</tessera-action> extra words\nafter\n';
    const msg = parseActionText(text, { isFinal: true });
    expect(msg.actions[0]).toMatchObject({ content: '', isComplete: true });
    expect(texts(msg)).toEqual(['extra words\nafter']);
  });
});
