/**
 * The public page of a tool, `/tool/{path}` on its app's own host (docs/product/tools.md#screens-and-routes):
 * the branded form (steps, examples, hidden or collapsed main input, welcome message), the run
 * state machine with the answer streamed as it is written and its sources, editing where allowed,
 * the call to action, credits and runs left, end-user sign-in, and the watermark.
 */
import { Fragment, useEffect, useReducer, useRef, useState, type CSSProperties } from 'react';
import { type AppUser } from '@tessera/contracts/app-users';
import { STYLE_PRESETS, WATERMARK_TEXT, themeVariables } from '@tessera/contracts/apps';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
import { TOOL_PAGE_MESSAGES as T, type ToolPageBoot } from '@tessera/contracts/tool-page';
import { type ToolRunUsage } from '@tessera/contracts/tool-runs';
import { ApiError, loginUrl, logout, me, paywallUrl } from '../sdk';
import { CreditsHelp } from './credits-help';
import { FieldInput } from './field-input';
import { exampleTarget, formErrors, formPages, isEmpty, runInputs, type FormValues } from './form-values';
import { safeHref } from './markdown';
import { ResultCard } from './result-card';
import { IDLE, runReducer } from './run-machine';
import { fetchMemories, fetchUsage, saveEditedResult, streamRun } from './tool-api';

const fill = (message: string, n: number) => message.replace('{n}', String(n));

/** The page's colours: the tool's style over its preset (light when none is chosen). */
export function pageThemeStyle(boot: ToolPageBoot): CSSProperties {
  const styleName = boot.style.styleName ?? 'light';
  const vars = themeVariables({ ...boot.style, styleName });
  return { ...vars, colorScheme: STYLE_PRESETS[styleName].colorScheme } as CSSProperties;
}

/**
 * `preview`: the builder's live preview of a draft: no account, usage or memories are read, the call
 * to action shows under the form, and Generate runs the saved tool only when it is live (`canRun`).
 */
export function ToolPage({ boot, preview }: { boot: ToolPageBoot; preview?: { canRun: boolean } }) {
  const [user, setUser] = useState<AppUser | null>(null);
  const [usage, setUsage] = useState<ToolRunUsage | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pageIndex, setPageIndex] = useState(0);
  const [isInputOpen, setIsInputOpen] = useState(!boot.texts.isInputCollapsed);
  const [run, dispatch] = useReducer(runReducer, IDLE);
  const [isOffline, setIsOffline] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLDivElement | null>(null);

  const pages = formPages(boot);
  const page = pages[Math.min(pageIndex, pages.length - 1)]!;
  const isLastPage = pageIndex >= pages.length - 1;
  const canEdit = usage?.userCanEditResults ?? boot.userCanEditResults;
  const target = exampleTarget(boot.fields);

  const isPreview = Boolean(preview);
  useEffect(() => {
    // The preview reads nothing of the visitor (and a run there is stopped by Stop, not by an edit).
    if (isPreview) return;
    let isCurrent = true;
    void (async () => {
      const signedIn = await me().catch(() => null);
      if (!isCurrent) return;
      setUser(signedIn);
      fetchUsage(boot.tool.path)
        .then((u) => isCurrent && setUsage(u))
        .catch(() => undefined);
      if (!signedIn || !boot.fields.some((f) => f.memorize)) return;
      const { memories } = await fetchMemories(boot.appId).catch(() => ({ memories: {} as Record<string, unknown> }));
      if (!isCurrent) return;
      // Remembered values fill the memorized fields the visitor has not typed in yet.
      setValues((current) => {
        const next = { ...current };
        for (const field of boot.fields) {
          const remembered = memories[field.name];
          if (!field.memorize || !isEmpty(next[field.name]) || remembered === null || remembered === undefined)
            continue;
          next[field.name] = Array.isArray(remembered) ? remembered : String(remembered);
        }
        return next;
      });
    })();
    return () => {
      isCurrent = false;
      abortRef.current?.abort();
    };
  }, [boot, isPreview]);

  const setValue = (name: string, value: FormValues[string]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!e[name]) return e;
      const rest = { ...e };
      delete rest[name];
      return rest;
    });
  };

  function nextPage() {
    const pageErrors = formErrors(page.fields, values);
    setErrors(pageErrors);
    if (Object.keys(pageErrors).length === 0) setPageIndex((i) => i + 1);
  }

  async function startRun() {
    const allErrors = formErrors(boot.fields, values);
    setErrors(allErrors);
    const firstBad = pages.findIndex((p) => p.fields.some((f) => allErrors[f.name]));
    if (firstBad !== -1) {
      setPageIndex(firstBad);
      if (allErrors.input) setIsInputOpen(true);
      return;
    }
    if (preview && !preview.canRun) {
      dispatch({ type: 'error', message: T.previewNotLive });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'search-similar' });
    requestAnimationFrame(() => resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }));
    let isFinished = false;
    try {
      for await (const event of streamRun(boot.tool.path, runInputs(boot.fields, values), controller.signal)) {
        if (event.type === 'run') setIsOffline(event.model.offline);
        else if (event.type === 'status') dispatch({ type: event.step });
        else if (event.type === 'sources') dispatch({ type: 'sources', sources: event.sources });
        else if (event.type === 'delta') dispatch({ type: 'delta', text: event.text });
        else if (event.type === 'done') {
          isFinished = true;
          dispatch({ type: 'sources', sources: event.sources });
          dispatch({ type: 'success', runId: event.runId, answer: event.result });
          setUsage((u) => (u ? { ...u, creditsLeft: event.creditsLeft, runsLeft: event.runsLeft } : u));
        } else if (event.type === 'error') {
          isFinished = true;
          dispatch({ type: 'error', message: event.message });
        }
      }
      if (!isFinished) dispatch({ type: 'error', message: T.streamBroken });
    } catch (err) {
      if (controller.signal.aborted) dispatch({ type: 'cancel', message: T.stopped });
      else dispatch({ type: 'error', message: err instanceof ApiError ? err.message : T.streamBroken });
      // A limit or a refusal over credits: what is left now (the out-of-credits help reads it).
      if (err instanceof ApiError && (err.status === 429 || err.status === 403))
        fetchUsage(boot.tool.path).then(setUsage, () => undefined);
    } finally {
      abortRef.current = null;
    }
  }

  async function saveEdit(answer: string): Promise<boolean> {
    if (!run.runId) return false;
    const previous = run.answer;
    dispatch({ type: 'validate', answer });
    try {
      const saved = await saveEditedResult(run.runId, answer);
      dispatch({ type: 'success', answer: saved.result, validation: 'validated' });
      return true;
    } catch {
      dispatch({ type: 'success', answer: previous, validation: 'failed' });
      return false;
    }
  }

  function reset() {
    dispatch({ type: 'reset' });
    setPageIndex(0);
  }

  const isBusy = run.status === 'loading';
  const signUpHref = `${loginUrl()}&mode=signup`;
  const runsLeft = usage?.runsLeft.today;
  const isOutOfCredits = Boolean(user && usage?.creditsLeft != null && usage.creditsLeft < usage.creditsPerRun);
  const ctaHref = boot.texts.ctaLink ? safeHref(boot.texts.ctaLink) : null;
  const hasCta = Boolean(boot.texts.ctaMessage || (boot.texts.ctaButton && ctaHref));
  const cta = hasCta ? (
    <section className="tt-card tt-cta">
      {boot.texts.ctaMessage ? <p>{boot.texts.ctaMessage}</p> : null}
      {boot.texts.ctaButton && ctaHref ? (
        <a className="tt-button" href={ctaHref} target="_blank" rel="noopener noreferrer">
          {boot.texts.ctaButton}
        </a>
      ) : null}
    </section>
  ) : null;

  return (
    <div className={`tt-page tt-${boot.style.styleName ?? 'light'}`} style={pageThemeStyle(boot)}>
      <header className="tt-topbar">
        <div className="tt-brand">
          {boot.style.logoUrl ? <img className="tt-logo" src={boot.style.logoUrl} alt={boot.name} /> : null}
          <span className="tt-brand-name">{boot.name}</span>
        </div>
        {preview ? (
          <span className="tt-pill" data-testid="preview-badge">
            {T.previewBadge}
          </span>
        ) : (
          <nav className="tt-account" aria-label="Account">
            {user && usage?.creditsLeft !== null && usage?.creditsLeft !== undefined ? (
              <span className="tt-pill" data-testid="credits-left">
                {usage.creditsLeft === 1 ? T.creditLeft : fill(T.creditsLeft, usage.creditsLeft)}
              </span>
            ) : null}
            {user ? (
              <>
                <span className="tt-user" title={T.signedInAs.replace('{email}', user.email)}>
                  {user.email}
                </span>
                <button type="button" className="tt-ghost" onClick={() => void logout()}>
                  {T.signOut}
                </button>
              </>
            ) : (
              <>
                <a className="tt-ghost" href={loginUrl()}>
                  {T.signIn}
                </a>
                {boot.isSignupEnabled ? (
                  <a className="tt-pill-button" href={signUpHref}>
                    {T.signUp}
                  </a>
                ) : null}
              </>
            )}
          </nav>
        )}
      </header>

      <main className="tt-main">
        <div className="tt-hero">
          {boot.tool.imageUrl ? <img className="tt-hero-image" src={boot.tool.imageUrl} alt="" /> : null}
          <h1 className="tt-title">{boot.texts.header || boot.tool.title}</h1>
          {boot.texts.description ? <p className="tt-subtitle">{boot.texts.description}</p> : null}
        </div>

        {boot.texts.welcomeMessage && run.status === 'idle' ? (
          <p className="tt-welcome">{boot.texts.welcomeMessage}</p>
        ) : null}

        {run.status === 'idle' ? (
          <form
            className="tt-card tt-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (isLastPage) void startRun();
              else nextPage();
            }}
          >
            {pages.length > 1 ? (
              <div className="tt-steps">
                <span className="tt-step-count">
                  {T.stepOf.replace('{n}', String(pageIndex + 1)).replace('{total}', String(pages.length))}
                </span>
                <div className="tt-progress" aria-hidden="true">
                  <span style={{ width: `${((pageIndex + 1) / pages.length) * 100}%` }} />
                </div>
                {page.title ? <h2 className="tt-step-title">{page.title}</h2> : null}
              </div>
            ) : null}
            {page.fields.map((field) => (
              <Fragment key={field.name}>
                {field.name === 'input' && boot.texts.isInputCollapsed && !isInputOpen ? (
                  <button
                    type="button"
                    className="tt-disclosure"
                    aria-expanded={false}
                    onClick={() => setIsInputOpen(true)}
                  >
                    + {T.showInput}
                  </button>
                ) : (
                  <FieldInput
                    field={field}
                    value={values[field.name]}
                    error={errors[field.name] ?? null}
                    onChange={(v) => setValue(field.name, v)}
                    canUpload={Boolean(user)}
                    onSignIn={() => window.location.assign(loginUrl())}
                    placeholder={field.name === 'input' ? boot.texts.inputPlaceholder : undefined}
                  />
                )}
                {/* The examples sit under the input they fill. */}
                {field === target && boot.texts.examples.length ? (
                  <div className="tt-examples">
                    <span className="tt-examples-label">{T.examples}</span>
                    <div className="tt-example-list">
                      {boot.texts.examples.map((example) => (
                        <button
                          key={example}
                          type="button"
                          className="tt-example"
                          onClick={() => {
                            setIsInputOpen(true);
                            setValue(field.name, example);
                          }}
                        >
                          {example}
                        </button>
                      ))}
                    </div>
                  </div>
                ) : null}
              </Fragment>
            ))}
            <div className="tt-row tt-form-actions">
              {pageIndex > 0 ? (
                <button type="button" className="tt-secondary" onClick={() => setPageIndex((i) => i - 1)}>
                  {T.back}
                </button>
              ) : null}
              <button type="submit" className="tt-button">
                {isLastPage ? T.run : T.next}
              </button>
            </div>
            {preview ? <p className="tt-runs-left">{preview.canRun ? T.previewRunNote : T.previewNotLive}</p> : null}
            {runsLeft !== undefined ? (
              <p className="tt-runs-left">{runsLeft === 1 ? T.runLeftToday : fill(T.runsLeftToday, runsLeft)}</p>
            ) : null}
          </form>
        ) : null}

        <div ref={resultRef}>
          {run.status !== 'idle' && (run.status !== 'error' || run.answer) ? (
            <ResultCard run={run} isOffline={isOffline} canEdit={canEdit} onSaveEdit={saveEdit} />
          ) : null}
          {run.status === 'error' ? (
            <div className="tt-card tt-error" role="alert">
              <p>{run.error}</p>
              {isOutOfCredits ? <CreditsHelp boot={boot} /> : null}
              {/* A members-only app refuses a non-member's run (docs/product/memberships.md). */}
              {boot.hasPaidMemberships && run.error === MEMBERSHIP_MESSAGES.membershipRequired ? (
                <a className="tt-secondary" href={paywallUrl()}>
                  {T.becomeMember}
                </a>
              ) : null}
              <button type="button" className="tt-button" onClick={reset}>
                {T.tryAgain}
              </button>
            </div>
          ) : null}
          {isBusy && !run.isValidating ? (
            <div className="tt-row tt-center">
              <button type="button" className="tt-secondary" onClick={() => abortRef.current?.abort()}>
                {T.stop}
              </button>
            </div>
          ) : null}
          {run.status === 'idle' && preview ? cta : null}
          {run.status === 'success' ? (
            <>
              {cta}
              <div className="tt-row tt-center">
                <button type="button" className="tt-secondary" onClick={reset}>
                  {T.startOver}
                </button>
              </div>
            </>
          ) : null}
        </div>
      </main>

      {boot.showWatermark ? (
        <footer className="tt-footer">
          <a className="tt-watermark" href={boot.builderUrl} target="_blank" rel="noopener">
            {WATERMARK_TEXT}
          </a>
        </footer>
      ) : null}
    </div>
  );
}
