/**
 * `@tessera/runtime`'s public face for the server: where the browser entry points are, and the pure
 * routing helpers (the browser code itself is built by apps/server/src/modules/runtime/runtime-assets.ts).
 */
export { resolvePage, pageNameOfPath, pageUrl, safeNextUrl } from './pages';
export { parseParentMessage } from './frame';

/** Browser modules served under `/_runtime/`: import-map specifier -> entry file (relative to this folder). */
export const RUNTIME_ENTRIES = {
  runtime: './runtime.tsx',
  '@tessera/sdk': './sdk.ts',
  'react-router-dom': './router-shim.ts',
} as const;
