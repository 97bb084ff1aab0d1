import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { WATERMARK_TEXT, type AppLook } from '@tessera/contracts/apps';
import { RUNTIME_MESSAGES, type AppBundle, type AppErrorReport, type RuntimeBoot } from '@tessera/contracts/runtime';
import { getDebugLog, logDebug, subscribeDebugLog } from './debug-log';
import { errorReportOf, PageErrorBoundary } from './error-boundary';
import type { createFrameBridge } from './frame';
import { SignInPrompt, Spinner } from './login-page';
import { pageNameOfPath, resolvePage } from './pages';
import {
  callerHeaders,
  configureEntities,
  getPreviewToken,
  isSignInNeeded,
  loginUrl,
  paywallUrl,
  setPreviewToken,
  subscribeSignInNeeded,
} from './sdk';
import { dismissToast, getToasts, subscribeToasts } from './toasts';
import { ChatWidget } from './chat/chat-widget';
import { applyLook, useShowsWatermark } from './look';

type Bridge = ReturnType<typeof createFrameBridge>;

/** What the compiled app module exports (apps/server/src/modules/app-host/bundler.ts). */
interface AppModule {
  pages: Record<string, { default?: ComponentType }>;
  components: Record<string, unknown>;
  Layout: ComponentType<{ children: ReactNode; currentPageName: string }> | null;
}

type State =
  | { status: 'loading' }
  | { status: 'message'; title: string; details?: string }
  | { status: 'ready'; bundle: AppBundle; module: AppModule };

const reportsSent = new Set<string>();

/** Sends an error to the builder (once per distinct error) and keeps it in the debug log. */
export function reportError(bridge: Bridge, report: AppErrorReport): void {
  logDebug('error', report.title, report.details);
  const key = `${report.scope}|${report.componentName}|${report.title}`;
  if (reportsSent.has(key)) return;
  reportsSent.add(key);
  bridge.send({ type: 'app_error', error: report });
}

async function loadStylesheet(href: string | null): Promise<void> {
  const previous = document.getElementById('tessera-app-css');
  if (!href) {
    previous?.remove();
    return;
  }
  if (previous?.getAttribute('href') === href) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  await new Promise<void>((resolve) => {
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  previous?.remove();
  link.id = 'tessera-app-css';
}

/** Boots a generated app: fetches its bundle, loads its CSS and module, and routes between its pages. */
export function AppRoot({ boot, bridge }: { boot: RuntimeBoot; bridge: Bridge }) {
  const [state, setRawState] = useState<State>({ status: 'loading' });
  // A version change can arrive while a bundle is loading: only the newest load may show its result.
  const loadSeq = useRef(0);
  const [isDebugLogOpen, setIsDebugLogOpen] = useState(false);
  const draftLook = useRef<AppLook | null>(null);

  const load = useCallback(async () => {
    const seq = ++loadSeq.current;
    const setState = (next: State) => {
      if (seq === loadSeq.current) setRawState(next);
    };
    let res: Response;
    try {
      res = await fetch(`/runtime/bundle?appId=${encodeURIComponent(boot.appId)}`, { headers: callerHeaders() });
    } catch {
      setState({ status: 'message', title: RUNTIME_MESSAGES.loadFailed });
      return;
    }
    const body = (await res.json().catch(() => null)) as
      (AppBundle & { error?: { message?: string; details?: { reason?: string } } }) | null;
    if (res.status === 403 && !getPreviewToken()) {
      // docs/product/runtime.md#screens-and-routes: a refused bundle sends the visitor to the app's login page, and back here after;
      // a signed-in user without the app's paid membership goes to its paywall (docs/product/memberships.md).
      window.location.assign(body?.error?.details?.reason === 'paywall' ? paywallUrl() : loginUrl());
      return;
    }
    if (!res.ok || !body) {
      setState({ status: 'message', title: body?.error?.message ?? RUNTIME_MESSAGES.loadFailed });
      return;
    }
    // The builder's drafts (look_changed) are newer than any saved look a bundle carries.
    applyLook(draftLook.current ?? body.look, body.name);
    configureEntities({ ...body.entities, User: body.userEntity });
    if (!body.moduleUrl) {
      for (const issue of body.issues) {
        const where = issue.file
          ? `${issue.file}${issue.line ? `:${issue.line}:${issue.column ?? 0}` : ''}`
          : 'the app';
        reportError(bridge, {
          title: `Build error in ${where}: ${issue.message}`,
          details: `${where}: ${issue.message}`,
          componentName: issue.file,
          scope: 'page',
        });
      }
      const details = body.issues
        .map((i) => `${i.file ?? 'app'}${i.line ? `:${i.line}:${i.column ?? 0}` : ''} ${i.message}`)
        .join('\n');
      setState({ status: 'message', title: RUNTIME_MESSAGES.buildFailed, details });
      return;
    }
    try {
      await loadStylesheet(body.cssUrl);
      const module = (await import(/* @vite-ignore */ body.moduleUrl)) as AppModule;
      setState({ status: 'ready', bundle: body, module });
    } catch (err) {
      reportError(bridge, errorReportOf(err, null, 'page', 'the app module'));
      setState({ status: 'message', title: RUNTIME_MESSAGES.loadFailed, details: String(err) });
    }
  }, [boot.appId, bridge]);

  useEffect(() => {
    void load();
    const stop = bridge.listen((message) => {
      logDebug('info', `message from the builder: ${message.type}`);
      if (message.type === 'preview_state_changed') {
        if (message.state.isDebugLogOpen !== undefined) setIsDebugLogOpen(message.state.isDebugLogOpen);
        return;
      }
      if (message.type === 'look_changed') {
        draftLook.current = message.look;
        applyLook(message.look);
        return;
      }
      // The builder repeats the version it framed once the preview says it is ready: nothing to reload then.
      if (message.type === 'version_selected' && message.token === getPreviewToken()) return;
      setPreviewToken(message.token);
      reportsSent.clear();
      void load();
    });
    const onError = (event: ErrorEvent) =>
      reportError(bridge, errorReportOf(event.error ?? event.message, null, 'component', 'the app'));
    const onRejection = (event: PromiseRejectionEvent) =>
      reportError(bridge, errorReportOf(event.reason, null, 'component', 'the app'));
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    bridge.send({ type: 'ready_to_receive_messages', versionId: null });
    return () => {
      stop();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [bridge, load]);

  return (
    <>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'message' && (
        <div className="tsr-screen">
          <main className="tsr-card" role="alert">
            <h1>{state.title}</h1>
            {state.details && <pre className="tsr-pre">{state.details}</pre>}
          </main>
        </div>
      )}
      {state.status === 'ready' && (
        <BrowserRouter>
          <PageHost boot={boot} bridge={bridge} bundle={state.bundle} module={state.module} />
        </BrowserRouter>
      )}
      {state.status === 'ready' && boot.chat && <ChatWidget config={boot.chat} />}
      {state.status === 'ready' && <Watermark href={boot.parentOrigin} />}
      <Toaster />
      {isDebugLogOpen && <DebugLog />}
    </>
  );
}

function PageHost({
  boot,
  bridge,
  bundle,
  module,
}: {
  boot: RuntimeBoot;
  bridge: Bridge;
  bundle: AppBundle;
  module: AppModule;
}) {
  const location = useLocation();
  const pages = Object.keys(module.pages);
  const pageName = resolvePage(pages, pageNameOfPath(location.pathname, boot.basePath), bundle.mainPage);
  // A page whose data the entity API refused to an anonymous visitor shows a sign-in card instead.
  const signInNeeded = useSyncExternalStore(subscribeSignInNeeded, isSignInNeeded);

  useEffect(() => {
    logDebug('info', `page ${pageName ?? '(none)'} at ${location.pathname}${location.search}`);
    bridge.send({
      type: 'app_changed_url',
      url: window.location.href,
      path: `${location.pathname}${location.search}`,
      pageName,
    });
  }, [bridge, location.pathname, location.search, pageName]);

  const Page = pageName ? module.pages[pageName]?.default : undefined;
  const onError = (report: AppErrorReport) => reportError(bridge, report);
  const onAskToFix = (message: string) => bridge.send({ type: 'send_chat_message', message });
  if (!pageName) {
    return (
      <div className="tsr-screen">
        <main className="tsr-card">
          <h1>{bundle.name}</h1>
        </main>
      </div>
    );
  }
  const page = signInNeeded ? (
    <SignInPrompt isSignupEnabled={boot.isSignupEnabled} />
  ) : (
    <PageErrorBoundary
      key={pageName}
      pageName={pageName}
      isPreview={bundle.isPreview}
      isSignupEnabled={boot.isSignupEnabled}
      onError={onError}
      onAskToFix={onAskToFix}
    >
      {Page ? <Page /> : <MissingDefault pageName={pageName} />}
    </PageErrorBoundary>
  );
  const { Layout } = module;
  if (!Layout) return page;
  return (
    <PageErrorBoundary
      pageName="Layout"
      isPreview={bundle.isPreview}
      isSignupEnabled={boot.isSignupEnabled}
      onError={onError}
      onAskToFix={onAskToFix}
    >
      <Layout currentPageName={pageName}>{page}</Layout>
    </PageErrorBoundary>
  );
}

function MissingDefault({ pageName }: { pageName: string }): never {
  throw new Error(`pages/${pageName} has no default export: export the page component with "export default"`);
}

/** The badge of docs/product/runtime.md#roles-and-permissions: shown unless the owner's plan hides it. */
function Watermark({ href }: { href: string }) {
  if (!useShowsWatermark()) return null;
  return (
    <a className="tsr-watermark" href={href} target="_blank" rel="noopener noreferrer">
      {WATERMARK_TEXT}
    </a>
  );
}

function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <>
      {toasts.map((t) => (
        <div key={t.id} role="status" className={`tsr-toast tsr-toast-${t.type}`} onClick={() => dismissToast(t.id)}>
          {t.message}
        </div>
      ))}
    </>
  );
}

function DebugLog() {
  const entries = useSyncExternalStore(subscribeDebugLog, getDebugLog);
  return (
    <aside className="tsr-debug" aria-label="Debug log">
      {entries.map((e, i) => (
        <div key={i}>
          {e.at.slice(11, 19)} [{e.level}] {e.message}
        </div>
      ))}
    </aside>
  );
}
