import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@tessera/contracts';
import { RUNTIME_MESSAGES, type AppErrorReport } from '@tessera/contracts/runtime';
import { SignInPrompt } from './login-page';
import { ApiError } from './sdk';

/** The first component named in a React component stack (`at TaskList (...)`). */
export function componentNameOf(componentStack: string | null | undefined): string | null {
  const match = /at ([A-Z][\w$.]*)/.exec(componentStack ?? '') ?? /^\s*([A-Z][\w$.]*)/m.exec(componentStack ?? '');
  return match?.[1] ?? null;
}

/** The report of an error (docs/product/runtime.md#data App error). */
export function errorReportOf(
  error: unknown,
  componentName: string | null,
  scope: AppErrorReport['scope'],
  where: string,
): AppErrorReport {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    title: `${err.name === 'Error' ? 'Error' : err.name} in ${where}: ${err.message}`.slice(0, 300),
    details: (err.stack ?? err.message).slice(0, 4000),
    componentName,
    scope,
  };
}

/** The entity API's 401: the caller is not signed in (a signed-in user would get a 403). */
const isSignInError = (error: unknown) => error instanceof ApiError && error.status === 401;

interface Props {
  pageName: string;
  isPreview: boolean;
  isSignupEnabled: boolean;
  onError: (report: AppErrorReport) => void;
  onAskToFix: (message: string) => void;
  children: ReactNode;
}

/** One per page: a crash shows a card instead of a blank app, and is reported to the builder. */
export class PageErrorBoundary extends Component<Props, { error: unknown; report: AppErrorReport | null }> {
  override state = { error: null as unknown, report: null as AppErrorReport | null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The visitor is asked to sign in: not an error of the app to report to the builder.
    if (isSignInError(error)) return;
    const report = errorReportOf(
      error,
      componentNameOf(info.componentStack) ?? this.props.pageName,
      'page',
      `page ${this.props.pageName}`,
    );
    this.setState({ report });
    this.props.onError(report);
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.pageName !== this.props.pageName && this.state.error) this.setState({ error: null, report: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    if (isSignInError(this.state.error)) return <SignInPrompt isSignupEnabled={this.props.isSignupEnabled} />;
    const report = this.state.report ?? errorReportOf(this.state.error, null, 'page', `page ${this.props.pageName}`);
    const ask = `${report.title}\n${report.details.split('\n').slice(0, 6).join('\n')}\nComponent: ${report.componentName ?? 'unknown'}\n${MESSAGES.chat.fixErrorsSuffix}`;
    return (
      <div className="tsr-page-error" role="alert">
        <h2>{RUNTIME_MESSAGES.pageError}</h2>
        <pre className="tsr-pre">{report.title}</pre>
        <div className="tsr-actions">
          <button type="button" className="tsr-button tsr-secondary" onClick={() => window.location.reload()}>
            {RUNTIME_MESSAGES.reload}
          </button>
          {this.props.isPreview && (
            <button type="button" className="tsr-button" onClick={() => this.props.onAskToFix(ask)}>
              {RUNTIME_MESSAGES.askToFix}
            </button>
          )}
        </div>
      </div>
    );
  }
}
