import { MESSAGES } from '@tessera/contracts';
import { type ChatRepairStep } from '@tessera/contracts/chat';
import { Wrench } from 'lucide-react';

const problems = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);

/**
 * Where an answer's repair step starts (docs/product/editor-and-chat.md#states-and-transitions):
 * what validation found in the changes, which the model was asked to fix without the builder typing.
 */
export function RepairStepNote({ repair }: { repair: ChatRepairStep }) {
  return (
    <div
      role="status"
      aria-label={`Repair step ${repair.step}`}
      className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-[13px] text-sky-900"
    >
      <p className="flex items-center gap-1.5 font-medium">
        <Wrench className="size-3.5 shrink-0" aria-hidden />
        {MESSAGES.chat.repairing
          .replace('{problems}', problems(repair.issues.length))
          .replace('{step}', String(repair.step))
          .replace('{max}', String(repair.maxSteps))}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
        {repair.issues.map((issue, i) => (
          <li key={i} className="[overflow-wrap:anywhere]">
            {issue.file && (
              <span className="font-mono">
                {issue.file}
                {issue.line ? `:${issue.line}` : ''}{' '}
              </span>
            )}
            {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
