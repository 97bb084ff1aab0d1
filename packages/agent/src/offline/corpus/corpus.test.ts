import { coerceRecord } from '@tessera/contracts/entities';
import { describe, expect, it } from 'vitest';
import { displayFieldOf } from '../fields';
import { EMPTY_SNAPSHOT, compileErrors, errorsOf, runTurn } from '../test-helpers';
import { CORPUS } from './descriptions';
import { scoreCase, sentencePieceIn, type CaseScore } from './score';

const pct = (found: number, expected: number) => (expected ? (100 * found) / expected : 100);

describe('the offline builder on a corpus of everyday descriptions', () => {
  it('has a broad corpus', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CORPUS.map((c) => c.text)).size).toBe(CORPUS.length);
  });

  it('flags field names copied from the sentence', () => {
    for (const key of [
      'whether_they_are_attending',
      'adopted_yes',
      'no',
      'grades_linking_them',
      'the_date_it_was_found',
    ])
      expect(sentencePieceIn(key), key).not.toBeNull();
    for (const key of ['attending', 'adopted', 'due_date', 'borrowed_on', 'paid_by', 'date_of_birth', 'price_per_bag'])
      expect(sentencePieceIn(key), key).toBeNull();
  });

  it('builds each description into a valid app with typed fields, links and sample records', async () => {
    const totals = { entities: [0, 0], fields: [0, 0], relations: [0, 0] } as Record<keyof CaseScore, number[]>;
    const problems: string[] = [];
    for (const c of CORPUS) {
      const run = await runTurn(EMPTY_SNAPSHOT, c.text);
      const where = c.text.slice(0, 50);
      problems.push(...errorsOf(run.issues).map((e) => `${where}: ${e}`));
      problems.push(...(await compileErrors(run.snapshot)).map((e) => `${where}: ${e}`));
      const score = scoreCase(c, run.snapshot.entities);
      for (const k of ['entities', 'fields', 'relations'] as const) {
        totals[k][0]! += score[k].found;
        totals[k][1]! += score[k].expected;
        if (score[k].missing.length && process.env.CORPUS_VERBOSE)
          console.log(`${where} — missing ${k}: ${score[k].missing.join('; ')}`);
      }
      for (const [name, schema] of Object.entries(run.snapshot.entities)) {
        for (const key of Object.keys(schema.properties)) {
          const piece = sentencePieceIn(key);
          if (piece) problems.push(`${where}: ${name}.${piece}`);
        }
        const title = displayFieldOf(schema);
        if (!title) problems.push(`${where}: ${name} has no title field`);
        const records = run.records[name] ?? [];
        if (records.length === 0) problems.push(`${where}: ${name} has no sample records`);
        for (const record of records) {
          const r = coerceRecord(name, schema, record, 'create');
          if (!r.ok) problems.push(`${where}: ${name} sample ${JSON.stringify(record)}: ${r.error}`);
        }
        const titles = records.map((r) => r[title ?? '']);
        if (new Set(titles).size !== titles.length) problems.push(`${where}: ${name} has duplicate sample titles`);
      }
    }
    const rates = {
      entities: pct(totals.entities[0]!, totals.entities[1]!),
      fields: pct(totals.fields[0]!, totals.fields[1]!),
      relations: pct(totals.relations[0]!, totals.relations[1]!),
    };
    console.log(
      `corpus of ${CORPUS.length}: entities ${totals.entities[0]}/${totals.entities[1]} (${rates.entities.toFixed(1)} %), ` +
        `fields with the right type ${totals.fields[0]}/${totals.fields[1]} (${rates.fields.toFixed(1)} %), ` +
        `relations ${totals.relations[0]}/${totals.relations[1]} (${rates.relations.toFixed(1)} %), rule breaks ${problems.length}`,
    );
    if (process.env.CORPUS_VERBOSE) console.log(problems.join('\n'));
    expect(problems.slice(0, 20)).toEqual([]);
    expect(rates.entities).toBeGreaterThanOrEqual(95);
    expect(rates.fields).toBeGreaterThanOrEqual(90);
    expect(rates.relations).toBeGreaterThanOrEqual(85);
  }, 120_000);
});
