#!/usr/bin/env node
// The offline answer model on its corpus (packages/agent/src/answer/corpus/): 10 policy, FAQ and
// product documents with customer questions (yes, no, number, condition, not covered), split once by
// a fixed seed into a tuning half and a held-out half. Prints both halves' figures: share correct,
// answers contradicting their source (yes for no, another number), answers where the source is silent.
// Bar: held-out >= 90 % correct, 0 contradictions (--strict: exit 2 when missed). No server, no
// database: about a second.
//
//   node --import tsx bench/answers.mjs [--json] [--strict] [--failures[=held-out]]
import { runCorpus } from '../packages/agent/src/answer/corpus/run-corpus.ts';

const argv = process.argv.slice(2);
const started = performance.now();
const { tuning, heldOut } = runCorpus();
const figures = (h) => ({
  questions: h.questions,
  correct: h.correct,
  accuracy: Math.round(h.accuracy * 1000) / 10,
  contradicts: h.contradicts,
  unsupported: h.unsupported,
});
const result = {
  tuning: figures(tuning),
  heldOut: figures(heldOut),
  ms: Math.round(performance.now() - started),
  meetsBar: heldOut.accuracy >= 0.9 && tuning.contradicts + heldOut.contradicts === 0,
};
if (argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`);
const line = (name, h) =>
  `${name.padEnd(9)} ${h.correct}/${h.questions} correct (${h.accuracy} %), ${h.contradicts} contradicting, ${h.unsupported} unsupported`;
process.stderr.write(`[answers] ${line('tuning', result.tuning)}\n[answers] ${line('held-out', result.heldOut)}\n`);
// Tune on the tuning half only: --failures lists its misses; --failures=held-out also the held-out ones (read after, never to tune).
const failuresOf = argv.includes('--failures=held-out') ? [...tuning.failures, ...heldOut.failures] : tuning.failures;
if (argv.some((a) => a.startsWith('--failures')))
  for (const f of failuresOf)
    process.stderr.write(`  ${f.grade} ${f.id} ${f.q} | expected ${f.expected} | got ${f.got}\n`);
if (argv.includes('--strict') && !result.meetsBar) process.exitCode = 2;
