/**
 * `@tessera/runtime`'s public face for the server: the pure routing helpers and the frame-message
 * check (the browser code itself is built by apps/server/src/modules/app-host/runtime-assets.ts).
 */
export { resolvePage, pageNameOfPath, pageUrl, safeNextUrl } from './pages';
export { parseParentMessage } from './frame';
