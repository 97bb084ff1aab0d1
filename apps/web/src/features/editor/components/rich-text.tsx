import type { ReactNode } from 'react';
import { parseRichText, type InlinePiece } from '../lib/rich-text';

function Inline({ pieces }: { pieces: InlinePiece[] }) {
  return (
    <>
      {pieces.map((piece, i) =>
        piece.kind === 'bold' ? (
          <strong key={i} className="font-semibold">
            {piece.text}
          </strong>
        ) : piece.kind === 'code' ? (
          <code key={i} className="rounded bg-zinc-100 px-1 py-px font-mono text-[0.85em]">
            {piece.text}
          </code>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/** The assistant's prose with the little markdown models write: paragraphs, headings, lists, bold and code. */
export function RichText({ text }: { text: string }): ReactNode {
  return (
    <div className="space-y-2 text-sm leading-relaxed text-ink [overflow-wrap:anywhere]">
      {parseRichText(text).map((block, i) =>
        block.kind === 'heading' ? (
          <h4 key={i} className="pt-1 font-semibold text-ink">
            <Inline pieces={block.pieces} />
          </h4>
        ) : block.kind === 'list' ? (
          block.ordered ? (
            <ol key={i} className="list-decimal space-y-0.5 pl-5">
              {block.items.map((item, k) => (
                <li key={k}>
                  <Inline pieces={item} />
                </li>
              ))}
            </ol>
          ) : (
            <ul key={i} className="list-disc space-y-0.5 pl-5">
              {block.items.map((item, k) => (
                <li key={k}>
                  <Inline pieces={item} />
                </li>
              ))}
            </ul>
          )
        ) : (
          <p key={i} className="whitespace-pre-wrap">
            <Inline pieces={block.pieces} />
          </p>
        ),
      )}
    </div>
  );
}
