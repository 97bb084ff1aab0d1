// Test helpers: run a turn through the real parser, applier and validator.
import { transform } from 'esbuild';
import {
  applyActions,
  hasErrors,
  parseActionText,
  type ParsedMessage,
  type SeedRecords,
  type ValidationIssue,
} from '../protocol';
import { validateSnapshot } from '../validate';
import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { planAppBuilderTurn } from './plan';
import type { AppBuilderTurn, ConversationMessage } from './turn';

export const EMPTY_SNAPSHOT: AppSnapshot = {
  files: { 'app.json': JSON.stringify({ name: 'New App', mainPage: 'Home' }) },
  entities: {},
};

const ALLOWED = [
  /^react$/,
  /^react-dom$/,
  /^react\/jsx-runtime$/,
  /^react-router-dom$/,
  /^lucide-react$/,
  /^@\/utils$/,
  /^@\/integrations\/Core$/,
  /^@\/entities\/[A-Za-z][A-Za-z0-9_]*$/,
];

/** Import specifiers that are neither allowed modules nor files of the snapshot. */
export function badImports(snapshot: AppSnapshot): string[] {
  const bad: string[] = [];
  for (const [path, text] of Object.entries(snapshot.files)) {
    if (!/\.(jsx?|tsx?)$/.test(path)) continue;
    for (const m of text.matchAll(/^import\s[^'"]*?from\s+["']([^"']+)["']/gm)) {
      const spec = m[1]!;
      if (ALLOWED.some((p) => p.test(spec))) {
        const entity = /^@\/entities\/(.+)$/.exec(spec)?.[1];
        if (entity && entity !== 'User' && !snapshot.entities[entity]) bad.push(`${path}: ${spec}`);
        continue;
      }
      if (spec.startsWith('@/')) {
        const base = spec.slice(2);
        if (![base, `${base}.jsx`, `${base}.js`].some((p) => p in snapshot.files)) bad.push(`${path}: ${spec}`);
        continue;
      }
      bad.push(`${path}: ${spec}`);
    }
  }
  return bad;
}

/** Files that esbuild cannot compile as JSX. */
export async function compileErrors(snapshot: AppSnapshot): Promise<string[]> {
  const errors: string[] = [];
  for (const [path, text] of Object.entries(snapshot.files)) {
    if (!/\.(jsx?)$/.test(path)) continue;
    try {
      await transform(text, { loader: 'jsx', jsx: 'automatic' });
    } catch (error) {
      errors.push(`${path}: ${(error as Error).message}`);
    }
  }
  return errors;
}

export interface TurnRun {
  turn: AppBuilderTurn;
  parsed: ParsedMessage;
  snapshot: AppSnapshot;
  records: SeedRecords;
  issues: ValidationIssue[];
}

/** Plans a turn, then parses, applies and validates it like the chat endpoint does. */
export async function runTurn(
  snapshot: AppSnapshot,
  request: string | ConversationMessage[],
  tools?: AppToolBrief[],
): Promise<TurnRun> {
  const messages: ConversationMessage[] = typeof request === 'string' ? [{ role: 'user', text: request }] : request;
  const turn = planAppBuilderTurn({ snapshot, messages, tools });
  const parsed = parseActionText(turn.text, { isFinal: true });
  const applied = applyActions(snapshot, parsed.actions);
  const issues = [...applied.issues];
  if (!hasErrors(issues)) issues.push(...(await validateSnapshot(applied.snapshot)));
  return { turn, parsed, snapshot: applied.snapshot, records: applied.records, issues };
}

/** Error-level issues, as readable lines. */
export function errorsOf(issues: ValidationIssue[]): string[] {
  return issues.filter((i) => i.severity === 'error').map((i) => `${i.file ?? ''}: ${i.message}`);
}
