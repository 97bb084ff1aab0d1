import { useRef, type UIEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import { RESERVED_FIELD_NAME, TOOL_INSTRUCTIONS_MAX_LENGTH, type CustomField } from '@tessera/contracts/tools';
import { cn } from '@tessera/ui';
import { insertTag, instructionSegments, unknownTags } from '../../lib/instructions';

export interface InstructionsEditorProps {
  value: string;
  onChange: (value: string) => void;
  fields: readonly CustomField[];
}

/** The shared box metrics of the textarea and its highlight layer (they must match to the pixel). */
const BOX = 'px-3 py-2.5 text-sm leading-6 font-mono whitespace-pre-wrap break-words';

/**
 * The tool's instructions with `[field]` tags (docs/product/tools.md#data): known tags are
 * highlighted, unknown ones flagged in red and listed under the box, checked as the builder types.
 * The field chips insert a tag at the caret.
 */
export function InstructionsEditor({ value, onChange, fields }: InstructionsEditorProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const names = [RESERVED_FIELD_NAME, ...fields.map((f) => f.name)];
  const segments = instructionSegments(value, names);
  const unknown = unknownTags(value, names);

  function handleInsert(name: string) {
    const el = textareaRef.current;
    const selection = el
      ? { start: el.selectionStart, end: el.selectionEnd }
      : { start: value.length, end: value.length };
    const next = insertTag(value, name, selection);
    onChange(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  function syncScroll(event: UIEvent<HTMLTextAreaElement>) {
    if (layerRef.current) layerRef.current.scrollTop = event.currentTarget.scrollTop;
  }

  return (
    <div className="space-y-2">
      <div className="relative rounded-lg border border-line-strong bg-surface shadow-xs focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/15">
        <div
          ref={layerRef}
          aria-hidden
          className={cn(BOX, 'pointer-events-none absolute inset-0 overflow-hidden text-transparent')}
        >
          {segments.map((s, i) =>
            s.kind === 'tag' ? (
              <mark
                key={i}
                data-tag={s.name}
                data-known={s.known}
                className={cn(
                  'rounded-sm text-transparent',
                  s.known ? 'bg-brand-100' : 'bg-red-100 underline decoration-red-500 decoration-wavy',
                )}
              >
                {s.text}
              </mark>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
          {/* A trailing newline needs a character to take up its line. */}
          {value.endsWith('\n') && ' '}
        </div>
        <textarea
          ref={textareaRef}
          aria-label="Instructions"
          aria-invalid={unknown.length > 0}
          aria-describedby="instructions-problems"
          value={value}
          rows={10}
          maxLength={TOOL_INSTRUCTIONS_MAX_LENGTH}
          spellCheck={false}
          placeholder="Write three Instagram captions for a photo of [input], in a [tone] voice. Use the brand facts from the data."
          onChange={(e) => onChange(e.target.value)}
          onScroll={syncScroll}
          className={cn(
            BOX,
            'relative block min-h-48 w-full resize-y bg-transparent text-ink caret-ink outline-none placeholder:font-sans placeholder:text-ink-faint',
          )}
        />
      </div>
      <div id="instructions-problems" aria-live="polite">
        {unknown.map((name) => (
          <p key={name} className="flex items-start gap-1.5 text-[13px] text-red-600">
            <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span>
              <code>[{name}]</code> names no field: add a field called that or fix the tag.
            </span>
          </p>
        ))}
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Insert a tag">
        {names.map((name) => (
          <button
            key={name}
            type="button"
            onClick={() => handleInsert(name)}
            className="rounded-md bg-brand-50 px-2 py-1 font-mono text-xs text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            [{name}]
          </button>
        ))}
      </div>
    </div>
  );
}
