import { describe, expect, it } from 'vitest';
import type { AppSnapshot } from '@tessera/agent';
import type { EntitySchema } from '@tessera/contracts/entities';
import { canonical, rebaseTurn } from './chat-rebase';

const ACCESS = { 'x-accessControl': { permissions: { read: 'creator', write: 'creator' } } };
const task = (properties: Record<string, unknown>, required: string[] = ['title']) =>
  ({ type: 'object', properties, required, ...ACCESS }) as unknown as EntitySchema;

const BASE: AppSnapshot = {
  files: {
    'app.json': '{"name":"Tasks","mainPage":"Tasks"}',
    'pages/Tasks.jsx': 'export default () => task.done;',
    'pages/Home.jsx': 'export default () => null;',
  },
  entities: { Task: task({ title: { type: 'string' }, done: { type: 'boolean' } }) },
};

describe('a chat turn merged onto the builder’s schema edit made while it ran', () => {
  it('keeps a renamed field in place, in the turn’s new code and in its sample records', () => {
    const current: AppSnapshot = {
      files: { ...BASE.files, 'pages/Tasks.jsx': 'export default () => task.completed;' },
      entities: { Task: task({ title: { type: 'string' }, completed: { type: 'boolean' } }) },
    };
    const turn = {
      snapshot: {
        files: { ...BASE.files, 'pages/Board.jsx': 'export default () => card.done && card.priority;' },
        entities: {
          Task: task({ title: { type: 'string' }, done: { type: 'boolean' }, priority: { type: 'integer' } }),
        },
      },
      records: [{ entity: 'Task', data: { title: 'Plan', done: true, priority: 2 } }],
    };
    const merged = rebaseTurn(BASE, turn, current);
    expect(Object.keys(merged.snapshot.entities.Task!.properties)).toEqual(['title', 'completed', 'priority']);
    expect(merged.snapshot.files['pages/Tasks.jsx']).toBe('export default () => task.completed;');
    expect(merged.snapshot.files['pages/Board.jsx']).toBe('export default () => card.completed && card.priority;');
    expect(merged.records).toEqual([{ entity: 'Task', data: { title: 'Plan', completed: true, priority: 2 } }]);
  });

  it('keeps fields the builder added, removed or redefined, the required list and the access rules', () => {
    const current: AppSnapshot = {
      files: BASE.files,
      entities: {
        Task: {
          ...task({ title: { type: 'string', maxLength: 80 }, notes: { type: 'string' } }, ['title', 'notes']),
          'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
        } as EntitySchema,
      },
    };
    const turn = {
      snapshot: {
        files: BASE.files,
        entities: {
          Task: task({ title: { type: 'string' }, done: { type: 'boolean' }, due: { type: 'string', format: 'date' } }),
          Project: task({ name: { type: 'string' } }, ['name']),
        },
      },
      records: [],
    };
    const merged = rebaseTurn(BASE, turn, current).snapshot.entities;
    expect(merged.Task!.properties).toEqual({
      title: { type: 'string', maxLength: 80 },
      due: { type: 'string', format: 'date' },
      notes: { type: 'string' },
    });
    expect(merged.Task!.required).toEqual(['title', 'notes']);
    expect(merged.Task!['x-accessControl'].permissions).toEqual({ read: 'all', write: 'creator' });
    expect(merged.Project).toEqual(turn.snapshot.entities.Project);
  });

  it('takes what only one side changed as it is, and a table the builder deleted stays deleted', () => {
    const current: AppSnapshot = { files: BASE.files, entities: {} };
    const turn = {
      snapshot: { files: { ...BASE.files, 'pages/Home.jsx': 'new' }, entities: BASE.entities },
      records: [],
    };
    const merged = rebaseTurn(BASE, turn, current).snapshot;
    expect(merged.entities).toEqual({});
    expect(merged.files['pages/Home.jsx']).toBe('new');
    expect(merged.files['pages/Tasks.jsx']).toBe(BASE.files['pages/Tasks.jsx']);
  });

  it('compares schemas whatever their key order', () => {
    expect(canonical({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonical({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(canonical({ a: 1 })).not.toBe(canonical({ a: 2 }));
  });

  it('keeps hand edits (a deleted file too) over the turn’s, but a rename’s rewrite is not one', () => {
    const current: AppSnapshot = {
      files: { 'app.json': BASE.files['app.json']!, 'pages/Tasks.jsx': 'export default () => task.completed;' },
      entities: { Task: task({ title: { type: 'string' }, completed: { type: 'boolean' } }) },
    };
    const turn = {
      snapshot: {
        files: {
          ...BASE.files,
          'pages/Tasks.jsx': 'export default () => task.done && task.title;',
          'pages/Home.jsx': 'export default () => "Home from the chat";',
        },
        entities: BASE.entities,
      },
      records: [],
    };
    const merged = rebaseTurn(BASE, turn, current);
    // Home was deleted by hand: it stays deleted, and the turn's change to it is reported.
    expect(merged.snapshot.files['pages/Home.jsx']).toBeUndefined();
    expect(merged.keptHandEdits).toEqual(['pages/Home.jsx']);
    // Tasks was only rewritten by the field rename: the turn's version wins, renamed.
    expect(merged.snapshot.files['pages/Tasks.jsx']).toBe('export default () => task.completed && task.title;');
  });
});
