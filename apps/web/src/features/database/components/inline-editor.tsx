import { useRef, useState } from 'react';
import type { GridColumn } from '../lib/columns';

const ADD_OPTION = '\u0000add-option';

/** The in-cell editor: a text (or date-time) input, or a select with "+ Add option…". */
export function InlineEditor({
  column,
  initial,
  onCommit,
  onCancel,
  onAddOption,
}: {
  column: GridColumn;
  initial: string;
  onCommit: (text: string, move?: 'down' | 'right') => void;
  onCancel: () => void;
  onAddOption: () => void;
}) {
  const [text, setText] = useState(initial);
  const done = useRef(false);
  const finish = (fn: () => void) => {
    if (done.current) return;
    done.current = true;
    fn();
  };
  const editorClass =
    'absolute inset-0 h-full w-full border-0 bg-surface px-3 text-[13px] text-ink outline-2 -outline-offset-2 outline-brand-600';

  if (column.dataType === 'select') {
    return (
      <select
        autoFocus
        aria-label={column.label}
        className={editorClass}
        value={text}
        onChange={(e) => {
          if (e.target.value === ADD_OPTION) return finish(onAddOption);
          const value = e.target.value;
          finish(() => onCommit(value));
        }}
        onBlur={() => finish(onCancel)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') finish(onCancel);
        }}
      >
        <option value="">—</option>
        {column.options.map((o) => (
          <option key={o.label} value={o.label}>
            {o.label}
          </option>
        ))}
        <option value={ADD_OPTION}>+ Add option…</option>
      </select>
    );
  }
  return (
    <input
      autoFocus
      aria-label={column.label}
      type={column.dataType === 'datetime' ? 'datetime-local' : 'text'}
      inputMode={column.dataType === 'number' ? 'decimal' : undefined}
      className={editorClass}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onFocus={(e) => {
        if (e.target.type === 'text') e.target.setSelectionRange(e.target.value.length, e.target.value.length);
      }}
      onBlur={() => finish(() => onCommit(text))}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(() => onCommit(text, 'down'));
        } else if (e.key === 'Tab') {
          e.preventDefault();
          finish(() => onCommit(text, 'right'));
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(onCancel);
        }
      }}
    />
  );
}
