/**
 * How to start a worker thread whose code is `<name>.ts` beside the caller (`callerUrl`, its
 * `import.meta.url`): from the build it is `<name>.mjs` beside the server bundle (scripts/build.mjs
 * bundles each worker as an entry point of its own); from the TypeScript source (tsx, vitest) a
 * one-line bootstrap registers tsx in the worker, then imports the .ts file (Node 20 does not apply
 * a parent's `--import tsx` to a worker's own entry file).
 */
export function workerEntry(callerUrl: string, name: string): { entry: URL | string; eval: boolean } {
  if (!callerUrl.endsWith('.ts')) return { entry: new URL(`./${name}.mjs`, callerUrl), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = new URL(`./${name}.ts`, callerUrl).href;
  return {
    entry: `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}
