import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { javascript } from '@codemirror/lang-javascript';
import { css } from '@codemirror/lang-css';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import type { CodeIssue } from '@tessera/contracts/code';
import { diagnosticsOf } from '../lib/diagnostics';

/** JSX for .js/.jsx, TSX for .ts/.tsx, CSS for .css; JSON reads well as JavaScript. */
function languageOf(path: string): Extension {
  if (path.endsWith('.css')) return css();
  if (path.endsWith('.ts') || path.endsWith('.tsx')) return javascript({ jsx: true, typescript: true });
  return javascript({ jsx: true });
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'var(--color-surface, #fff)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.55' },
  '.cm-gutters': { backgroundColor: 'transparent', borderRight: '1px solid #e4e4e7', color: '#a1a1aa' },
  '.cm-activeLineGutter': { backgroundColor: '#f4f4f5' },
  '.cm-activeLine': { backgroundColor: '#fafafa' },
  '&.cm-focused': { outline: 'none' },
});

export interface CodeMirrorEditorProps {
  /** The file shown: a new path starts a new document (with its own undo history). */
  path: string;
  value: string;
  readOnly: boolean;
  issues: CodeIssue[];
  onChange: (value: string) => void;
}

/** CodeMirror 6 with JSX/CSS highlighting and the validator's lint markers. */
export function CodeMirrorEditor({ path, value, readOnly, issues, onChange }: CodeMirrorEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        basicSetup,
        languageOf(path),
        lintGutter(),
        theme,
        EditorView.lineWrapping,
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
        EditorView.contentAttributes.of({ 'aria-label': `Code of ${path}` }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
      ],
    });
    const created = new EditorView({ state, parent: host.current! });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // A new document per file; `value` changes while typing are the editor's own.
  }, [path, readOnly]);

  // The saved text came back different (another tab, a chat turn): show it.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const current = view.current;
    if (current) current.dispatch(setDiagnostics(current.state, diagnosticsOf(current.state.doc, issues)));
  }, [issues, path]);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="code-editor" />;
}
