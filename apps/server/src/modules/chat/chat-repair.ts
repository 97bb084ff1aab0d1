import {
  applyActions,
  formatIssue,
  repairSnapshot,
  validateSnapshot,
  type AppSnapshot,
  type ParsedAction,
  type SeedRecords,
  type ValidationIssue,
} from '@tessera/agent';
import { MESSAGES } from '@tessera/contracts';
import { type ChatAnnotation } from '@tessera/contracts/chat';

// The repair loop of a chat turn (docs/product/editor-and-chat.md#states-and-transitions): each step's
// actions go on top of what the turn has so far; what validation finds that the app did not have
// before the turn goes back to the model; what is still broken after the last step goes back to how
// it was before the turn, and the rest is kept.

/** What a turn has built so far. */
export interface TurnState {
  snapshot: AppSnapshot;
  records: SeedRecords;
}

/** One step applied: the new state, and the errors of its actions and of the resulting snapshot. */
export interface StepResult {
  state: TurnState;
  actionIssues: ValidationIssue[];
  snapshotIssues: ValidationIssue[];
}

const errorsOf = (issues: ValidationIssue[]) => issues.filter((i) => i.severity === 'error');
// Lines move when a file changes: the same problem in the same file is the same problem.
const keyOf = (i: ValidationIssue) => `${i.detectorId}\u0000${i.file ?? ''}\u0000${i.message}`;

/** "1 problem" or "N problems". */
export const problemsText = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);

/**
 * Errors the turn brought: an app saved before a check existed may already break it, and a turn is
 * neither asked to fix nor refused for what it did not write.
 */
export async function newErrors(issues: ValidationIssue[], before: Promise<ValidationIssue[]>) {
  const known = new Set((await before).map(keyOf));
  return errorsOf(issues).filter((i) => !known.has(keyOf(i)));
}

/** Applies a step's actions on top of the turn so far, makes the repairs that need no model, and validates. */
export async function applyStep(
  state: TurnState,
  actions: ParsedAction[],
  before: Promise<ValidationIssue[]>,
): Promise<StepResult> {
  const applied = applyActions(state.snapshot, actions);
  const repaired = await repairSnapshot(applied.snapshot);
  // A repair step that sends an entity's records again repeats them: its rows replace the earlier ones.
  const records: SeedRecords = { ...state.records, ...applied.records };
  return {
    state: { snapshot: repaired.snapshot, records },
    actionIssues: errorsOf(applied.issues),
    snapshotIssues: await newErrors(await validateSnapshot(repaired.snapshot), before),
  };
}

/**
 * The message that asks the model to fix what validation found, with the files concerned as they
 * are now (the system prompt shows them as they were before the turn, and SEARCH text must match).
 */
export function repairRequest(issues: ValidationIssue[], snapshot: AppSnapshot): string {
  const files = [...new Set(issues.map((i) => i.file).filter((f): f is string => !!f))].filter(
    (f) => snapshot.files[f] !== undefined,
  );
  const shown = files.map((f) => `### ${f}\n\`\`\`\`\n${snapshot.files[f]!.replace(/\n$/, '')}\n\`\`\`\``);
  return [
    `Tessera checked your changes and found ${problemsText(issues.length)}. Everything else you wrote is applied;`,
    'an action listed here was not. Fix only these problems, with actions in a titled group:',
    'edit_file (SEARCH text copied from the files as they are now, below) or add_file.',
    '',
    ...issues.map((i) => `- ${formatIssue(i)}`),
    ...(shown.length ? ['', 'The files concerned, as they are now:', '', ...shown] : []),
  ].join('\n');
}

/** Action errors of earlier steps that a later step's actions did not touch (by file) are still open. */
export function stillOpen(previous: ValidationIssue[], actions: ParsedAction[]): ValidationIssue[] {
  const touched = new Set(actions.map((a) => a.file));
  return previous.filter((i) => !i.file || !touched.has(i.file));
}

const MAX_REFUSAL_ROUNDS = 5;

const sameEntries = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v]) => Object.hasOwn(b, k) && JSON.stringify(v) === JSON.stringify(b[k]));

/**
 * The turn without what is still broken: each file or entity with an error goes back to what it was
 * before the turn (or away, when the turn made it), until the snapshot validates. Null when nothing
 * of the turn is left.
 */
export async function withoutBroken(
  base: AppSnapshot,
  state: TurnState,
  issues: ValidationIssue[],
  before: Promise<ValidationIssue[]>,
): Promise<TurnState | null> {
  const files = { ...state.snapshot.files };
  const entities = { ...state.snapshot.entities };
  let open = issues;
  for (let round = 0; open.length && round < MAX_REFUSAL_ROUNDS; round++) {
    for (const target of new Set(open.map((i) => i.file ?? 'app.json'))) {
      const entity = /^entities\/(.+)\.json$/.exec(target)?.[1];
      if (entity) {
        if (base.entities[entity]) entities[entity] = base.entities[entity];
        else delete entities[entity];
      } else if (base.files[target] !== undefined) files[target] = base.files[target];
      else delete files[target];
    }
    open = await newErrors(await validateSnapshot({ files, entities }), before);
  }
  if (open.length) return null;
  const records = Object.fromEntries(Object.entries(state.records).filter(([entity]) => entities[entity]));
  const unchanged =
    sameEntries(files, base.files) && sameEntries(entities, base.entities) && Object.keys(records).length === 0;
  return unchanged ? null : { snapshot: { files, entities }, records };
}

/** The annotation text of a turn that kept some or none of its changes. */
export function refusalMessage(issues: ValidationIssue[], isPartial: boolean): string {
  return (isPartial ? MESSAGES.chat.partlyRefused : MESSAGES.chat.refused).replace(
    '{problems}',
    problemsText(issues.length),
  );
}

/**
 * What the model reads after its own answer in the next turn when part of it was refused: the
 * refusal and its reasons (empty when everything was applied).
 */
export function refusalNote(info: ChatAnnotation['systemActionInfo']): string {
  if (info?.type !== 'validation-failed' || !info.issues?.length) return '';
  const reasons = info.issues.map((i) => `- ${i.file ? `${i.file}${i.line ? `:${i.line}` : ''}: ` : ''}${i.message}`);
  return `\n\n[Tessera: ${info.message ?? MESSAGES.chat.refused}. What these problems concern was not applied:\n${reasons.join('\n')}]`;
}
