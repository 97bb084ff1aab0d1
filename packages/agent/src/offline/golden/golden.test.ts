// Golden outputs of the offline builder for a few reference descriptions: every generated file, the
// entity schemas, the sample records and the answer, committed under golden/<app>/ so a change to the
// templates or the understanding shows its effect in review. UPDATE_GOLDEN=1 rewrites them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPTY_SNAPSHOT, errorsOf, runTurn } from '../test-helpers';

const HERE = dirname(fileURLToPath(import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const REFERENCE_APPS: Record<string, string> = {
  'task-tracker': 'Build a task tracker with tasks (title, done, due date) and projects (name)',
  'sales-pipeline':
    'A sales pipeline: contacts (name, company, email, phone) and deals with an amount in euros, expected close date and stage: lead, qualified, proposal, won, lost. Deals are linked to their contact.',
  'book-club':
    'A book club app for our club: members can RSVP to meetings; each meeting is about a book and has a date and a host. Books have a title, author, cover image and a rating from 1 to 5.',
};

/** Every output of a first turn as golden files: `<path>.golden` (a suffix no formatter or linter reads). */
async function outputsOf(description: string): Promise<Record<string, string>> {
  const run = await runTurn(EMPTY_SNAPSHOT, description);
  expect(errorsOf(run.issues)).toEqual([]);
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(run.snapshot.files)) out[`files/${path}.golden`] = text;
  for (const [name, schema] of Object.entries(run.snapshot.entities))
    out[`entities/${name}.json.golden`] = `${JSON.stringify(schema, null, 2)}\n`;
  out['records.json.golden'] = `${JSON.stringify(run.records, null, 2)}\n`;
  out['answer.md.golden'] = `${run.turn.text.replace(/<tessera-group[\s\S]*<\/tessera-group>/, '[actions]')}\n`;
  return out;
}

function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return out;
}

describe('golden outputs of the offline builder', () => {
  it.each(Object.entries(REFERENCE_APPS))('%s matches its committed output', async (app, description) => {
    const actual = await outputsOf(description);
    const dir = join(HERE, app);
    if (UPDATE) {
      rmSync(dir, { recursive: true, force: true });
      for (const [path, text] of Object.entries(actual)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
    }
    const expected = readTree(dir);
    expect(Object.keys(actual).sort(), 'run with UPDATE_GOLDEN=1 to accept a change').toEqual(
      Object.keys(expected).sort(),
    );
    for (const [path, text] of Object.entries(actual)) expect(text, `${app}/${path}`).toBe(expected[path]);
  });
});
