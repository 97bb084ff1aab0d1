/**
 * `/_runtime/runtime.js`: boots a generated app on its own host (docs/decisions/0006-app-hosts.md). Reads the boot data
 * the shell embeds, takes the preview token out of the URL fragment into sessionStorage, and renders
 * the app or the end users' login page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PREVIEW_TOKEN_FRAGMENT, type RuntimeBoot } from '@tessera/contracts/runtime';
import { AppRoot } from './app-root';
import { createFrameBridge } from './frame';
import { LoginPage } from './login-page';
import { PaywallPage } from './paywall-page';
import { configureSdk, getPreviewToken, SESSION_FRAGMENT, setAppUserToken, setPreviewToken } from './sdk';
import { installRuntimeStyles } from './styles';

function readBoot(): RuntimeBoot {
  const text = document.getElementById('tessera-boot')?.textContent;
  if (!text) throw new Error('The runtime shell has no boot data');
  return JSON.parse(text) as RuntimeBoot;
}

/** Moves `#tessera-preview=...` (and a session handed over by the login page) into storage and out of the address bar. */
function takeFragmentTokens(): void {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const token = hash.get(PREVIEW_TOKEN_FRAGMENT);
  const session = hash.get(SESSION_FRAGMENT);
  if (!token && !session) return;
  if (token) setPreviewToken(token);
  if (session) setAppUserToken(session);
  hash.delete(PREVIEW_TOKEN_FRAGMENT);
  hash.delete(SESSION_FRAGMENT);
  const rest = hash.toString();
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
  );
}

const boot = readBoot();
configureSdk({ appId: boot.appId, basePath: boot.basePath });
takeFragmentTokens();
installRuntimeStyles();
// One visit of the live app for its analytics (docs/product/analytics.md): first-party, no cookie, never from the builder's preview.
if (!getPreviewToken()) navigator.sendBeacon?.(`/live_api/analytics/visit?t=${encodeURIComponent(boot.visitToken)}`);
const root = createRoot(document.getElementById('root')!);
root.render(
  <StrictMode>
    {boot.mode === 'login' ? (
      <LoginPage boot={boot} />
    ) : boot.mode === 'paywall' ? (
      <PaywallPage boot={boot} />
    ) : (
      <AppRoot boot={boot} bridge={createFrameBridge(boot.parentOrigin)} />
    )}
  </StrictMode>,
);
