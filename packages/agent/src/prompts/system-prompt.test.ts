import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_USER_FIELDS } from '@tessera/contracts/app-users';
import { THEME_COLOR_NAMES } from '@tessera/contracts/apps';
import { CHAT_MAX_OUTPUT_TOKENS } from '@tessera/contracts/chat';
import {
  ENTITY_LIST_DEFAULT_LIMIT,
  ENTITY_LIST_MAX_LIMIT,
  ENTITY_QUERY_LOGICAL_OPERATORS,
  ENTITY_QUERY_OPERATORS,
} from '@tessera/contracts/entities';
import { RUNTIME_MODULE_EXPORTS } from '../validate/modules';
import { parseActionText } from '../protocol/parse';
import type { AppSnapshot } from '../snapshot';
import { buildSystemPrompt } from './system-prompt';

const DOCS = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../../docs/generated-apps.md'), 'utf8');

const app: AppSnapshot = {
  files: {
    'app.json': '{ "name": "Chores", "mainPage": "Chores" }\n',
    'pages/Chores.jsx': 'export default function Chores() {\n  return <p>```not a fence end```</p>;\n}\n',
    'globals.css': '@import "tailwindcss";\n',
  },
  entities: {
    Chore: {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
      'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
    },
  },
};

/** Rough token count (4 characters a token for English and code); no tokenizer ships offline. */
const tokens = (text: string) => Math.ceil(text.length / 4);

describe('buildSystemPrompt', () => {
  it('includes every current file and entity schema', () => {
    const prompt = buildSystemPrompt({ snapshot: app, appName: 'Chores', dataContext: 'Chore: 3 records' });
    for (const [path, text] of Object.entries(app.files)) {
      expect(prompt).toContain(`### ${path}\n`);
      expect(prompt).toContain(text.trimEnd());
    }
    // A fence longer than the file's own backtick runs keeps the file in one block.
    expect(prompt).toContain('````jsx\nexport default function Chores()');
    expect(prompt).toContain('"read": "all"');
    expect(prompt).toContain('## The app now: Chores');
    expect(prompt).toContain('## Data in the app\n\nChore: 3 records');
    expect(prompt.indexOf('### app.json')).toBeLessThan(prompt.indexOf('### pages/Chores.jsx'));
  });

  it('stays under ~6k tokens without the files', () => {
    const empty = buildSystemPrompt({ snapshot: { files: {}, entities: {} }, appName: 'New app' });
    expect(tokens(empty)).toBeLessThan(6000);
    expect(empty).toContain('The app has no pages yet');
  });

  it('copies the contract of docs/generated-apps.md: the example and the entity client API', () => {
    const prompt = buildSystemPrompt({ snapshot: app, appName: 'Chores' });
    const example = /<tessera-group[\s\S]*?<\/tessera-group>/.exec(DOCS)![0];
    expect(prompt).toContain(example);
    const client = /```js\n(Task\.list[\s\S]*?)```/.exec(DOCS)![1]!;
    expect(prompt).toContain(client);
    expect(prompt).toContain('"Public Read/Creator Write" is read all, write creator');
    for (const specifier of ['@/entities/{Name}', '@/integrations/Core', '@/utils', 'react-router-dom', 'lucide-react'])
      expect(prompt).toContain(specifier);
  });

  it('states the rules the app meets, from the constants the server, runtime and validator enforce', () => {
    const prompt = buildSystemPrompt({ snapshot: app, appName: 'Chores' });
    expect(prompt).toContain(
      `at most ${ENTITY_LIST_MAX_LIMIT} rows per call, and ${ENTITY_LIST_DEFAULT_LIMIT} when no limit is\ngiven; a larger limit gets ${ENTITY_LIST_MAX_LIMIT}`,
    );
    expect(prompt).toContain('page\nwith skip');
    for (const op of [...ENTITY_QUERY_OPERATORS, ...ENTITY_QUERY_LOGICAL_OPERATORS])
      expect(prompt).toContain(`\`${op}\``);
    expect(prompt).toContain('write covers create, update and delete');
    expect(prompt).toContain("the app's users with role admin bypass these rules");
    expect(prompt).toContain(`User.me() resolves to the signed-in app user { ${APP_USER_FIELDS.join(', ')} }`);
    expect(prompt).toContain("In the builder's preview");
    expect(prompt).toContain(`at most ${CHAT_MAX_OUTPUT_TOKENS.toLocaleString('en-US')} tokens`);
    expect(prompt).toContain(RUNTIME_MODULE_EXPORTS['react-router-dom']!.join(', '));
    expect(prompt).toContain(THEME_COLOR_NAMES.join(', '));
    expect(prompt).toContain('Status colours');
    expect(prompt).toContain('a string property named {entity}_id');
    expect(prompt).toContain("createPageUrl('Name') must name a\n  pages/Name.jsx file");
  });

  it('teaches a format the parser reads', () => {
    const prompt = buildSystemPrompt({ snapshot: app, appName: 'Chores' });
    const example = /<tessera-group[\s\S]*?<\/tessera-group>/.exec(prompt)![0];
    const parsed = parseActionText(example, { isFinal: true });
    expect(parsed.actions.map((a) => [a.type, a.file])).toEqual([
      ['add_entity', 'entities/Task.json'],
      ['add_file', 'pages/Tasks.jsx'],
      ['edit_file', 'layout.jsx'],
      ['delete_file', 'components/Old.jsx'],
      ['insert_entity_records', 'entities/Task.json'],
    ]);
  });
});
