/**
 * `/_runtime/tool.js`: boots a tool's public page on its app's own host
 * (docs/product/tools.md#screens-and-routes). Reads the boot data the shell embeds and takes a
 * session handed over by the login page out of the address bar. Booted as the builder's live
 * preview instead, it shows the draft the builder posts (preview-host.tsx).
 */
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { ToolPageBoot, ToolPreviewBoot } from '@tessera/contracts/tool-page';
import { configureSdk, SESSION_FRAGMENT, setAppUserToken } from '../sdk';
import { dismissToast, getToasts, subscribeToasts } from '../toasts';
import { ToolPreviewHost } from './preview-host';
import { ToolPage } from './tool-page';
import { installToolStyles } from './tool-styles';

const previewBoot = document.getElementById('tessera-tool-preview');
const preview = previewBoot ? (JSON.parse(previewBoot.textContent!) as ToolPreviewBoot) : null;
const boot = preview ? null : (JSON.parse(document.getElementById('tessera-tool-boot')!.textContent!) as ToolPageBoot);
if (boot) configureSdk({ appId: boot.appId, basePath: '' });
const hash = new URLSearchParams(window.location.hash.slice(1));
const session = hash.get(SESSION_FRAGMENT);
if (session) {
  setAppUserToken(session);
  hash.delete(SESSION_FRAGMENT);
  const rest = hash.toString();
  window.history.replaceState(
    null,
    '',
    `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
  );
}
/** The one toast on screen (an upload refused...). */
function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <div aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} role="status" className={`tt-toast tt-toast-${t.type}`} onClick={() => dismissToast(t.id)}>
          {t.message}
        </div>
      ))}
    </div>
  );
}

installToolStyles();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {preview ? <ToolPreviewHost parentOrigin={preview.parentOrigin} /> : <ToolPage boot={boot!} />}
    <Toaster />
  </StrictMode>,
);
