// The offline app builder on its evaluation corpus (packages/agent/src/offline/corpus/eval-corpus.ts):
// entity recall, field recall, type accuracy, wrong apps and first-turn median time, for the tuning
// half and the held-out half. Run: node --import tsx bench/builder-quality.mjs [--verbose] [--half=tuning]
import { EVAL_CORPUS } from '../packages/agent/src/offline/corpus/eval-corpus.ts';
import { evaluateCorpus, figuresOf } from '../packages/agent/src/offline/corpus/evaluate.ts';

const verbose = process.argv.includes('--verbose');
const only = process.argv.find((a) => a.startsWith('--half='))?.slice(7);
const out = {};
for (const half of ['tuning', 'held-out']) {
  if (only && only !== half) continue;
  const results = await evaluateCorpus(EVAL_CORPUS.filter((c) => c.half === half));
  const f = figuresOf(results);
  out[half] = f;
  if (verbose)
    for (const r of results)
      if (r.missing.length)
        console.error(`[${r.wrongApp ? 'WRONG' : 'miss'}] ${r.text.slice(0, 70)}\n    ${r.missing.join('; ')}`);
  console.error(
    `${half}: ${f.cases} cases, entities ${f.entityRecall.toFixed(1)} %, fields ${f.fieldRecall.toFixed(1)} %, ` +
      `types ${f.typeAccuracy.toFixed(1)} %, wrong apps ${f.wrongApps} (failed turns ${f.failedTurns}), first turn median ${f.medianMs.toFixed(0)} ms`,
  );
}
console.log(JSON.stringify(out, null, 2));
