// Scores the offline builder on the evaluation corpus (eval-corpus.ts): entity recall, field recall
// (fields and links), type accuracy of the fields found, wrong apps, and the time of a first turn.
import type { EntitySchema } from '@tessera/contracts/entities';
import { performance } from 'node:perf_hooks';
import { EMPTY_SNAPSHOT, errorsOf, runTurn } from '../test-helpers';
import type { EvalCase } from './eval-corpus';
import { typeOf } from './score';

export interface CaseResult {
  text: string;
  half: EvalCase['half'];
  entities: [found: number, expected: number];
  fields: [found: number, expected: number];
  types: [right: number, typed: number];
  wrongApp: boolean;
  failed: boolean;
  ms: number;
  missing: string[];
}

export interface HalfFigures {
  cases: number;
  entityRecall: number;
  fieldRecall: number;
  typeAccuracy: number;
  wrongApps: number;
  failedTurns: number;
  medianMs: number;
}

const alternatives = (spec: string) => spec.split('|').map((s) => s.trim());
const SAME_TYPE: Record<string, string[]> = { number: ['number', 'integer', 'money'], integer: ['integer', 'number'] };

/** Compares one generated app with what the case expects. */
export function scoreApp(c: EvalCase, entities: Record<string, EntitySchema>) {
  const missing: string[] = [];
  const resolved = new Map<string, string | undefined>();
  for (const spec of Object.keys(c.entities))
    resolved.set(
      alternatives(spec)[0]!,
      alternatives(spec).find((n) => entities[n]),
    );
  const ents: [number, number] = [0, 0];
  const fields: [number, number] = [0, 0];
  const types: [number, number] = [0, 0];
  for (const [spec, list] of Object.entries(c.entities)) {
    const name = resolved.get(alternatives(spec)[0]!);
    ents[1]++;
    if (name) ents[0]++;
    else missing.push(`entity ${spec}`);
    const schema = name ? entities[name] : undefined;
    for (const field of list
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)) {
      const [keys, type] = field.split(':') as [string, string];
      fields[1]++;
      if (type.startsWith('>')) {
        const target = resolved.get(type.slice(1));
        const linked =
          schema &&
          target &&
          Object.entries(schema.properties).some(([k, p]) => typeOf(k, p, entities) === `>${target}`);
        if (linked) fields[0]++;
        else missing.push(`${spec} -> ${type.slice(1)}`);
        continue;
      }
      const key = alternatives(keys).find((k) => schema?.properties[k]);
      if (!key) {
        missing.push(`${name ?? spec}.${keys}`);
        continue;
      }
      fields[0]++;
      if (type === '*') continue;
      types[1]++;
      const got = typeOf(key, schema!.properties[key]!, entities);
      if (got === type || SAME_TYPE[type]?.includes(got)) types[0]++;
      else missing.push(`type ${name}.${key}: ${type}, got ${got}`);
    }
  }
  return { entities: ents, fields, types, missing };
}

/** Builds one case's app from an empty one and scores it. */
export async function evaluateCase(c: EvalCase): Promise<CaseResult> {
  const start = performance.now();
  const run = await runTurn(EMPTY_SNAPSHOT, c.text);
  const ms = performance.now() - start;
  const failed = errorsOf(run.issues).length > 0;
  const s = scoreApp(c, failed ? {} : run.snapshot.entities);
  // The wrong app: fewer than half the entities or fields asked for, or nothing usable at all.
  const wrongApp = failed || s.entities[0] * 2 < s.entities[1] || s.fields[0] * 2 < s.fields[1];
  return { text: c.text, half: c.half, ...s, wrongApp, failed, ms, missing: failed ? errorsOf(run.issues) : s.missing };
}

const pct = ([a, b]: [number, number]) => (b ? (100 * a) / b : 100);
const sum = (rows: [number, number][]): [number, number] => [
  rows.reduce((t, r) => t + r[0], 0),
  rows.reduce((t, r) => t + r[1], 0),
];

/** The figures of a set of results. */
export function figuresOf(results: CaseResult[]): HalfFigures {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    cases: results.length,
    entityRecall: pct(sum(results.map((r) => r.entities))),
    fieldRecall: pct(sum(results.map((r) => r.fields))),
    typeAccuracy: pct(sum(results.map((r) => r.types))),
    wrongApps: results.filter((r) => r.wrongApp).length,
    failedTurns: results.filter((r) => r.failed).length,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
  };
}

/** Evaluates every case, one after the other. */
export async function evaluateCorpus(cases: EvalCase[]): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const c of cases) out.push(await evaluateCase(c));
  return out;
}
