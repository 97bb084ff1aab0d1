// The figures a bench run must print: every phase that ran gives all of its own, or the run fails
// (CI runs the quick mode as a smoke, so a phase that silently stops reporting is caught there).

const LOAD = ['rps', 'p99Ms', 'rawRps', 'ratio', 'c10.serverCpuUsPerReq', 'rpsC1', 'ratioC1', 'c1.serverCpuUsPerReq'];
const BACKENDS = ['pglite', 'postgres'];

/** The dotted paths of the figures `result` must hold for the phases `cfg` did not skip. */
function expectedFigures(cfg) {
  const backends = BACKENDS.filter((b) => !(b === 'pglite' ? cfg.skipPglite : cfg.skipPostgres));
  const paths = [];
  if (!cfg.skipStartup) paths.push('startup.fresh.medianMs', 'startup.existing.medianMs');
  if (!cfg.skipBundle) paths.push('bundle.warmP50Ms');
  if (!cfg.skipContext) paths.push('context.retrievalP95Ms');
  for (const b of backends) {
    paths.push(`servers.${b}.idle.rssMb`);
    if (!cfg.skipChat) paths.push(`chat.${b}.extraP50Ms`, `chat.${b}.serverCpuUsPerTurn`);
    if (!cfg.skipToolRun) paths.push(`toolRun.${b}.extraP50Ms`, `toolRun.${b}.cpuUsPerRun`);
    if (!cfg.skipAccount) paths.push(...LOAD.map((f) => `accountCurrent.${b}.${f}`));
    if (!cfg.skipEntities)
      for (const shape of ['byCreatedAt', 'byPrice']) paths.push(...LOAD.map((f) => `entityList.${b}.${shape}.${f}`));
    if (!cfg.skipImport) paths.push(`csvImport.${b}.wallMs`, `csvImport.${b}.serverCpuMs`, `csvImport.${b}.ratio`);
  }
  if (!cfg.skipAnalytics) paths.push('analytics.recordP50Ms', 'analytics.readP50Ms.90');
  if (!cfg.skipAnswers)
    paths.push('answers.heldOut.accuracy', 'answers.heldOut.contradicts', 'answers.tuning.accuracy');
  if (!cfg.skipPreview) paths.push('preview.firstBuildMs', 'preview.changeP50Ms', 'preview.serverCpuMsPerVersion');
  return paths;
}

/** The expected figures that are missing (absent, null or not a finite number). */
export function missingFigures(result, cfg) {
  return expectedFigures(cfg).filter((path) => {
    const value = path.split('.').reduce((at, key) => at?.[key], result);
    return typeof value !== 'number' || !Number.isFinite(value);
  });
}
