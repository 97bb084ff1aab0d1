import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

/** Vendor modules app code imports bare; the shell's import map points each at its `/_runtime/` file. */
const VENDOR_MODULES = {
  react: 'react',
  'react-dom': 'react-dom',
  'react-dom-client': 'react-dom/client',
  'jsx-runtime': 'react/jsx-runtime',
} as const;

/** The browser runtime, built: files by URL path, the import map, and the boot module's URL. */
export interface RuntimeAssets {
  /** By URL path; `gzip` is the same body compressed once at build time. */
  files: Map<string, { body: string; gzip: Buffer; contentType: string }>;
  importMap: Record<string, string>;
  runtimeUrl: string;
  /** The public tool page's boot module (`/tool/{path}`). */
  toolUrl: string;
  /** sha256 of the import map, for the shell's Content-Security-Policy (an inline script). */
  importMapHash: string;
  bytes: number;
  buildMs: number;
}

function vendorPlugin(runtimeDir: string, contractsDir: string): Plugin {
  const require = createRequire(join(runtimeDir, 'package.json'));
  return {
    name: 'tessera-runtime-vendor',
    setup(b) {
      b.onResolve({ filter: /^vendor:/ }, (args) => ({
        path: args.path.slice('vendor:'.length),
        namespace: 'tessera-vendor',
      }));
      // The browser gets the contracts' zod-free part only (runtime texts, constants, messages, styles, the tool page's, the app chat's).
      b.onResolve({ filter: /^@tessera\/contracts$/ }, () => ({ path: 'contracts', namespace: 'tessera-contracts' }));
      b.onLoad({ filter: /.*/, namespace: 'tessera-contracts' }, () => ({
        contents: [
          `export * from ${JSON.stringify(join(contractsDir, 'runtime.ts'))};`,
          `export * from ${JSON.stringify(join(contractsDir, 'app-style.ts'))};`,
          `export * from ${JSON.stringify(join(contractsDir, 'tool-page.ts'))};`,
          `export * from ${JSON.stringify(join(contractsDir, 'membership-texts.ts'))};`,
          `export * from ${JSON.stringify(join(contractsDir, 'app-chat-texts.ts'))};`,
          `export { MESSAGES, APP_MESSAGES } from ${JSON.stringify(join(contractsDir, 'messages.ts'))};`,
        ].join('\n'),
        resolveDir: contractsDir,
        loader: 'ts',
      }));
      b.onLoad({ filter: /.*/, namespace: 'tessera-vendor' }, (args) => {
        // CommonJS packages: name every export so `import { useState } from 'react'` works in app modules.
        const names = Object.keys(require(args.path) as object).filter(
          (k) => k !== 'default' && /^[A-Za-z_$][\w$]*$/.test(k),
        );
        return {
          contents: `import M from ${JSON.stringify(args.path)};\nexport default M;\nexport const { ${names.join(', ')} } = M;`,
          resolveDir: runtimeDir,
          loader: 'js',
        };
      });
    },
  };
}

/** Builds `packages/runtime` for the browser: one React for the runtime and every app module (code splitting). */
export async function buildRuntimeAssets(runtimeDir: string): Promise<RuntimeAssets> {
  const started = performance.now();
  const contractsDir = join(runtimeDir, '../contracts/src');
  const result = await build({
    entryPoints: {
      runtime: join(runtimeDir, 'src/runtime.tsx'),
      tool: join(runtimeDir, 'src/tool/main.tsx'),
      sdk: join(runtimeDir, 'src/sdk.ts'),
      'react-router-dom': join(runtimeDir, 'src/router-shim.ts'),
      ...Object.fromEntries(Object.entries(VENDOR_MODULES).map(([out, spec]) => [out, `vendor:${spec}`])),
    },
    absWorkingDir: runtimeDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    write: false,
    metafile: true,
    outdir: join(runtimeDir, 'dist'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [vendorPlugin(runtimeDir, contractsDir)],
  });
  const files = new Map<string, { body: string; gzip: Buffer; contentType: string }>();
  const urlOf = new Map<string, string>();
  let bytes = 0;
  for (const file of result.outputFiles) {
    const name = file.path.slice(join(runtimeDir, 'dist').length + 1);
    files.set(`/_runtime/${name}`, {
      body: file.text,
      gzip: gzipSync(file.contents, { level: 9 }),
      contentType: 'text/javascript; charset=utf-8',
    });
    bytes += file.contents.byteLength;
  }
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = out.split('/').pop()!;
    urlOf.set(name.replace(/-[A-Z0-9]+\.js$/, ''), `/_runtime/${name}`);
  }
  const url = (name: string) => {
    const u = urlOf.get(name);
    if (!u) throw new Error(`runtime build: no output for ${name}`);
    return u;
  };
  const importMap: Record<string, string> = {
    react: url('react'),
    'react-dom': url('react-dom'),
    'react-dom/client': url('react-dom-client'),
    'react/jsx-runtime': url('jsx-runtime'),
    'react/jsx-dev-runtime': url('jsx-runtime'),
    'react-router-dom': url('react-router-dom'),
    '@tessera/sdk': url('sdk'),
  };
  const importMapJson = JSON.stringify({ imports: importMap });
  return {
    files,
    importMap,
    runtimeUrl: url('runtime'),
    toolUrl: url('tool'),
    importMapHash: createHash('sha256').update(importMapJson).digest('base64'),
    bytes,
    buildMs: Math.round(performance.now() - started),
  };
}

/** Builds the runtime once per process, on first use (a few hundred ms), and keeps it in memory. */
export function createRuntimeAssets({ runtimeDir }: { runtimeDir: string }) {
  let pending: Promise<RuntimeAssets> | null = null;
  return {
    get(): Promise<RuntimeAssets> {
      pending ??= buildRuntimeAssets(runtimeDir).catch((err: unknown) => {
        pending = null;
        throw err;
      });
      return pending;
    },
  };
}

export type RuntimeAssetsProvider = ReturnType<typeof createRuntimeAssets>;
