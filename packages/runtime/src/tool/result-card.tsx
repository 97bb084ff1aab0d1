/**
 * The answer of a run (docs/product/tools.md#screens-and-routes): streamed Markdown as it is
 * written, the sources it used, copy, and editing where the tool allows it.
 */
import { useState } from 'react';
import { TOOL_PAGE_MESSAGES as T } from '@tessera/contracts/tool-page';
import { type ToolRunSource } from '@tessera/contracts/tool-runs';
import { Markdown } from './markdown';
import type { RunState } from './run-machine';

interface ResultCardProps {
  run: RunState;
  isOffline: boolean;
  canEdit: boolean;
  onSaveEdit: (answer: string) => Promise<boolean>;
}

function Sources({ sources }: { sources: ToolRunSource[] }) {
  if (sources.length === 0) return null;
  return (
    <section className="tt-sources" aria-label={T.sources}>
      <h3>{T.sources}</h3>
      <ol>
        {sources.map((source, i) => (
          <li key={`${source.contextItemId}-${i}`}>
            <span className="tt-source-name">{source.name}</span>
            {source.excerpt ? <span className="tt-source-excerpt">{source.excerpt}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ResultCard({ run, isOffline, canEdit, onSaveEdit }: ResultCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  const isStreaming = run.status === 'loading' && !run.isValidating;
  const isSaving = run.status === 'loading' && run.isValidating;
  const stepText =
    run.step === 'search-similar' ? T.searchSimilar : run.step === 'query-context' ? T.queryContext : T.generate;

  async function copy() {
    try {
      await navigator.clipboard.writeText(run.answer);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 1500);
    } catch {
      // The clipboard was refused: nothing to say, the text stays selectable.
    }
  }

  return (
    <section className="tt-card tt-result" aria-label={T.result} aria-busy={isStreaming}>
      <header className="tt-result-head">
        <h2>{T.result}</h2>
        {run.status === 'success' && draft === null ? (
          <div className="tt-result-actions">
            <button type="button" className="tt-ghost" onClick={copy}>
              {isCopied ? T.copied : T.copy}
            </button>
            {canEdit && run.runId ? (
              <button type="button" className="tt-ghost" onClick={() => setDraft(run.answer)}>
                {T.edit}
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      {isStreaming && !run.answer ? (
        <p className="tt-step" role="status">
          <span className="tt-dots" aria-hidden="true" />
          {stepText}
        </p>
      ) : null}
      {draft !== null ? (
        <form
          className="tt-edit"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await onSaveEdit(draft)) setDraft(null);
          }}
        >
          <textarea
            className="tt-input tt-textarea tt-edit-area"
            aria-label={T.edit}
            value={draft}
            rows={Math.min(16, Math.max(6, draft.split('\n').length + 1))}
            onChange={(e) => setDraft(e.target.value)}
            disabled={isSaving}
          />
          <div className="tt-row">
            <button type="submit" className="tt-button" disabled={isSaving || !draft.trim()}>
              {isSaving ? T.running : T.saveEdit}
            </button>
            <button type="button" className="tt-secondary" onClick={() => setDraft(null)} disabled={isSaving}>
              {T.cancelEdit}
            </button>
          </div>
        </form>
      ) : run.answer ? (
        <div className="tt-markdown" aria-live="polite">
          <Markdown source={run.answer} />
          {isStreaming ? <span className="tt-caret" aria-hidden="true" /> : null}
        </div>
      ) : null}
      {run.validation === 'validated' && draft === null ? (
        <p className="tt-saved" role="status">
          {T.editSaved}
        </p>
      ) : null}
      {run.validation === 'failed' ? (
        <p className="tt-field-error" role="alert">
          {T.editFailed}
        </p>
      ) : null}
      <Sources sources={run.sources} />
      {isOffline && run.status === 'success' ? <p className="tt-model-note">{T.offlineModel}</p> : null}
    </section>
  );
}
