// The evaluation corpus: the generated voices of every domain and the hand-written descriptions,
// split once into a tuning half and a held-out half by a stable hash (FNV-1a, seed below) of the
// domain's purpose or of the hand-written text. All voices of one domain fall in the same half, so
// the held-out half never contains a rewording of a tuning description.
import type { CorpusCase } from './descriptions';
import { DOMAINS_A } from './domains-a';
import { DOMAINS_B } from './domains-b';
import { FREE_FORM } from './free-form';
import { casesOf, hashOf } from './voices';

export interface EvalCase extends CorpusCase {
  voice: string;
  half: 'tuning' | 'held-out';
}

const SEED = 'tessera-builder-eval-2026-11-28';
const halfOf = (key: string): EvalCase['half'] => (hashOf(SEED + key) % 2 === 0 ? 'tuning' : 'held-out');

export const EVAL_CORPUS: EvalCase[] = [
  ...[...DOMAINS_A, ...DOMAINS_B].flatMap((line) =>
    casesOf(line).map(({ group, voice, c }) => ({ ...c, voice, half: halfOf(group) })),
  ),
  ...FREE_FORM.map((c) => ({ ...c, voice: 'hand-written', half: halfOf(c.text) })),
];
