import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '../snapshot';
import { applyActions } from './apply';
import { parseActionText } from './parse';
import type { ParsedAction } from './types';

const base = (): AppSnapshot => ({
  files: {
    'app.json': '{ "name": "Tasks", "mainPage": "Tasks" }\n',
    'pages/Tasks.jsx': [
      'export default function Tasks() {',
      '  return (',
      '    <div>',
      '      <h1>Tasks</h1>',
      '    </div>',
      '  );',
      '}',
      '',
    ].join('\n'),
  },
  entities: {},
});

const act = (a: Partial<ParsedAction> & Pick<ParsedAction, 'type'>): ParsedAction => ({
  title: 't',
  file: '',
  content: '',
  isComplete: true,
  isTruncated: false,
  ...a,
});

const TASK_SCHEMA = JSON.stringify({
  name: 'Task',
  type: 'object',
  properties: {
    title: { type: 'string' },
    done: { type: 'boolean', default: false },
    due: { type: 'string', format: 'date' },
  },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
});

describe('applyActions', () => {
  it('adds, edits and deletes files without touching the input snapshot', () => {
    const before = base();
    const frozen = JSON.stringify(before);
    const { snapshot, issues } = applyActions(before, [
      act({ type: 'add_file', file: 'components/Row.jsx', content: 'export default function Row() { return null; }' }),
      act({
        type: 'edit_file',
        file: 'pages/Tasks.jsx',
        content: '<<<<<<< SEARCH\n      <h1>Tasks</h1>\n=======\n      <h1>My tasks</h1>\n>>>>>>> REPLACE',
      }),
      act({ type: 'add_file', file: 'components/Old.jsx', content: 'x' }),
      act({ type: 'delete_file', file: 'components/Old.jsx' }),
    ]);
    expect(issues).toEqual([]);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(snapshot.files['components/Row.jsx']).toBe('export default function Row() { return null; }\n');
    expect(snapshot.files['pages/Tasks.jsx']).toContain('<h1>My tasks</h1>');
    expect(snapshot.files['components/Old.jsx']).toBeUndefined();
  });

  it('matches SEARCH text with different indentation and re-indents the replacement', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({
        type: 'edit_file',
        file: 'pages/Tasks.jsx',
        content:
          '<<<<<<< SEARCH\n<div>\n  <h1>Tasks</h1>\n</div>\n=======\n<main>\n  <h2>Tasks</h2>\n</main>\n>>>>>>> REPLACE',
      }),
    ]);
    expect(issues).toEqual([]);
    expect(snapshot.files['pages/Tasks.jsx']).toContain('    <main>\n      <h2>Tasks</h2>\n    </main>\n  );');
  });

  it('reports a SEARCH text found nowhere with the file and its first line, and a missing file', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({
        type: 'edit_file',
        file: 'pages/Tasks.jsx',
        content: '<<<<<<< SEARCH\n<h1>Projects</h1>\n=======\n<h1>X</h1>\n>>>>>>> REPLACE',
      }),
      act({ type: 'edit_file', file: 'pages/Nope.jsx', content: '<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE' }),
    ]);
    expect(issues).toEqual([
      {
        severity: 'error',
        detectorId: 'edit-no-match',
        file: 'pages/Tasks.jsx',
        message:
          'The edit of pages/Tasks.jsx did not match: the SEARCH text starting "<h1>Projects</h1>" is not in the file',
      },
      {
        severity: 'error',
        detectorId: 'missing-file',
        file: 'pages/Nope.jsx',
        message: 'The edit of pages/Nope.jsx was not applied: the file does not exist',
      },
    ]);
    expect(snapshot.files['pages/Tasks.jsx']).toBe(base().files['pages/Tasks.jsx']);
  });

  it('refuses a partial edit (no final marker) instead of guessing', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({
        type: 'edit_file',
        file: 'pages/Tasks.jsx',
        content: '<<<<<<< SEARCH\n<h1>Tasks</h1>\n=======\n<h1>Mine</h1>',
      }),
    ]);
    expect(issues).toEqual([expect.objectContaining({ detectorId: 'edit-malformed', file: 'pages/Tasks.jsx' })]);
    expect(issues[0]!.message).toMatch(/missing its ">>>>>>> REPLACE" marker/);
    expect(snapshot.files['pages/Tasks.jsx']).not.toContain('Mine');
  });

  it('never applies a truncated or incomplete action', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({ type: 'add_file', file: 'components/Done.jsx', content: 'export default 1;' }),
      act({
        type: 'add_file',
        file: 'pages/Half.jsx',
        content: 'export default function',
        isComplete: false,
        isTruncated: true,
      }),
      act({ type: 'add_file', file: 'pages/Open.jsx', content: 'export default function', isComplete: false }),
    ]);
    expect(snapshot.files['pages/Half.jsx']).toBeUndefined();
    expect(snapshot.files['pages/Open.jsx']).toBeUndefined();
    // The complete action before the cut still applies: Continue repeats only the truncated one.
    expect(snapshot.files['components/Done.jsx']).toBe('export default 1;\n');
    expect(issues.map((i) => [i.detectorId, i.file, i.severity])).toEqual([
      ['truncated-action', 'pages/Half.jsx', 'warning'],
      ['truncated-action', 'pages/Open.jsx', 'error'],
    ]);
    expect(issues[0]!.message).toMatch(/^The output was too long for one iteration/);
  });

  it('adds an entity with its access rules and seeds records coerced against it', () => {
    const { snapshot, records, issues } = applyActions(base(), [
      act({ type: 'add_entity', entity: 'Task', file: 'entities/Task.json', content: TASK_SCHEMA }),
      act({
        type: 'insert_entity_records',
        entity: 'Task',
        file: 'entities/Task.json',
        content: '[{ "title": "Try it", "due": "2026-01-31" }, { "title": "Done", "done": "true" }]',
      }),
    ]);
    expect(issues).toEqual([]);
    expect(snapshot.entities.Task!['x-accessControl'].permissions).toEqual({ read: 'all', write: 'creator' });
    expect(records).toEqual({
      Task: [
        { title: 'Try it', due: '2026-01-31', done: false },
        { title: 'Done', done: true },
      ],
    });
  });

  it('names the bad property of a schema and the bad record', () => {
    const { issues, snapshot, records } = applyActions(base(), [
      act({
        type: 'add_entity',
        entity: 'Bad',
        file: 'entities/Bad.json',
        content: '{ "properties": { "when": { "type": "date" } } }',
      }),
      act({ type: 'add_entity', entity: 'Task', file: 'entities/Task.json', content: TASK_SCHEMA }),
      act({
        type: 'insert_entity_records',
        entity: 'Task',
        file: 'entities/Task.json',
        content: '[{ "title": "ok" }, { "done": true }, { "title": "x", "colour": "red" }]',
      }),
      act({ type: 'insert_entity_records', entity: 'Project', file: 'entities/Project.json', content: '[]' }),
    ]);
    expect(snapshot.entities.Bad).toBeUndefined();
    expect(records).toEqual({ Task: [{ title: 'ok', done: false }] });
    expect(issues.map((i) => [i.detectorId, i.message])).toEqual([
      [
        'entity-schema',
        'Entity "Bad": property "when" has an unknown type "date" (use string, number, integer, boolean, array or object)',
      ],
      ['entity-records', 'Task record 2: Task.title is required'],
      ['entity-records', 'Task record 3: Unknown field "colour" on Task'],
      ['entity-records', 'Records for Project cannot be added: there is no entity Project'],
    ]);
  });

  it('repairs comments and trailing commas in entity JSON, refuses what is not JSON', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({
        type: 'add_entity',
        entity: 'Note',
        content: '{\n  // a note\n  "properties": { "body": { "type": "string" }, },\n}',
      }),
      act({ type: 'edit_entity', entity: 'Other', content: "{ properties: { 'a': 1 } }" }),
    ]);
    expect(snapshot.entities.Note?.properties).toEqual({ body: { type: 'string' } });
    expect(issues).toEqual([expect.objectContaining({ detectorId: 'entity-json', severity: 'error' })]);
  });

  it('imports a list of named schemas, or one schema written alone', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({
        type: 'import_entities',
        content: '[{ "name": "A", "properties": {} }, { "name": "B", "properties": {} }]',
      }),
      act({
        type: 'import_entities',
        content: '{ "name": "C", "type": "object", "properties": { "x": { "type": "number" } } }',
      }),
      act({ type: 'import_entities', content: '[{ "properties": {} }]' }),
    ]);
    expect(Object.keys(snapshot.entities)).toEqual(['A', 'B', 'C']);
    expect(issues.map((i) => i.message)).toEqual(['import_entities: an entity in the list has no "name"']);
  });

  it('imports several entities and refuses to redefine User', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({
        type: 'import_entities',
        content: JSON.stringify({
          Project: { properties: { name: { type: 'string' } } },
          Tag: { properties: { label: { type: 'string' } } },
        }),
      }),
      act({ type: 'add_entity', entity: 'User', content: '{ "properties": {} }' }),
    ]);
    expect(Object.keys(snapshot.entities)).toEqual(['Project', 'Tag']);
    expect(snapshot.entities.Project!['x-accessControl'].permissions).toEqual({ read: 'creator', write: 'creator' });
    expect(issues).toEqual([
      expect.objectContaining({
        detectorId: 'entity-schema',
        message: 'The User entity is built in and cannot be redefined',
      }),
    ]);
  });

  it('refuses unknown actions and deleting app.json; warns on deleting an absent file', () => {
    const { snapshot, issues } = applyActions(base(), [
      act({ type: 'unknown', title: 'Unknown action create_file' }),
      act({ type: 'delete_file', file: 'app.json' }),
      act({ type: 'delete_file', file: 'components/Gone.jsx' }),
    ]);
    expect(snapshot.files['app.json']).toBeDefined();
    expect(issues.map((i) => [i.detectorId, i.severity])).toEqual([
      ['unknown-action', 'error'],
      ['missing-file', 'error'],
      ['missing-file', 'warning'],
    ]);
  });

  it('applies what the parser reads from a message', () => {
    const text = [
      '<tessera-group title="Rename">',
      '<tessera-action type="edit_file" path="app.json">',
      '<<<<<<< SEARCH',
      '"name": "Tasks"',
      '=======',
      '"name": "Chores"',
      '>>>>>>> REPLACE',
      '</tessera-action>',
      '</tessera-group>',
    ].join('\n');
    const { snapshot, issues } = applyActions(base(), parseActionText(text, { isFinal: true }).actions);
    expect(issues).toEqual([]);
    expect(JSON.parse(snapshot.files['app.json']!).name).toBe('Chores');
  });
});
