import { Fragment, useEffect, useMemo, useState } from 'react';
import { parseActionText, type GroupSegment, type ParsedAction } from '@tessera/agent/protocol';
import { MESSAGES } from '@tessera/contracts';
import { type ChatModelOption } from '@tessera/contracts/chat';
import { Badge, Button, Dialog, DialogContent, Spinner, cn } from '@tessera/ui';
import {
  Check,
  CircleAlert,
  Copy,
  Database,
  FilePen,
  FilePlus,
  FileX,
  History,
  Layers,
  RotateCcw,
  Scissors,
  Table,
  Unplug,
} from 'lucide-react';
import { messageText, stepsOf, type EditorMessage } from '../lib/chat-messages';
import { formatRelativeTime } from '../../../shared/time';
import { RepairStepNote } from './repair-step';
import { RichText } from './rich-text';
import { formatCost, formatRate, formatTokens, usageRows, usageSummary } from '../lib/usage';

const ACTION_LABELS: Record<ParsedAction['type'], string> = {
  add_file: 'Add file',
  edit_file: 'Edit file',
  delete_file: 'Delete file',
  add_entity: 'Add entity',
  edit_entity: 'Edit entity',
  import_entities: 'Import entities',
  insert_entity_records: 'Insert records',
  unknown: 'Action',
};

const ACTION_ICONS: Record<ParsedAction['type'], typeof FilePlus> = {
  add_file: FilePlus,
  edit_file: FilePen,
  delete_file: FileX,
  add_entity: Database,
  edit_entity: Database,
  import_entities: Table,
  insert_entity_records: Table,
  unknown: Layers,
};

export interface ChatMessageViewProps {
  message: EditorMessage;
  isLast: boolean;
  isAdmin: boolean;
  isBusy: boolean;
  models: ChatModelOption[];
  /** The clock message times are relative to (ticks once a minute). */
  now: number;
  /** Sends "Continue" after a truncated or interrupted answer. */
  onContinue: () => void;
  /** Asks to revert a user message (a confirmation dialog follows). */
  onRevert?: (message: EditorMessage) => void;
}

/** One message of the builder chat: the user's text, or the assistant's text with its action cards. */
export function ChatMessageView(props: ChatMessageViewProps) {
  return props.message.role === 'user' ? <UserMessage {...props} /> : <AssistantMessage {...props} />;
}

function UserMessage({ message, isBusy, onRevert }: ChatMessageViewProps) {
  const canRevert = Boolean(onRevert && message.metadata?.versionId);
  return (
    <li className="group flex flex-col items-end gap-1" data-role="user">
      <div className="max-w-[90%] rounded-2xl rounded-br-md bg-brand-600 px-3.5 py-2 text-sm leading-relaxed whitespace-pre-wrap text-white shadow-xs [overflow-wrap:anywhere]">
        {messageText(message)}
      </div>
      {canRevert && (
        <button
          type="button"
          disabled={isBusy}
          onClick={() => onRevert!(message)}
          className="flex h-6 items-center gap-1 rounded-md px-1.5 text-xs text-ink-subtle opacity-100 hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
        >
          <RotateCcw className="size-3" aria-hidden />
          Revert
        </button>
      )}
    </li>
  );
}

function AssistantMessage({ message, isLast, isAdmin, isBusy, models, now, onContinue }: ChatMessageViewProps) {
  const meta = message.metadata ?? {};
  const isStreaming = meta.status === 'streaming';
  const text = messageText(message);
  // A repair step's text follows its note; only the last step may still be streaming.
  const steps = useMemo(
    () =>
      stepsOf(message).map((step, i, all) => ({
        ...step,
        parsed: parseActionText(step.text, { isFinal: !isStreaming || i < all.length - 1 }),
      })),
    [message, isStreaming],
  );
  const isTruncated =
    steps.at(-1)!.parsed.actions.some((a) => a.isTruncated) || meta.systemActionInfo?.type === 'truncated';
  const info = meta.systemActionInfo;
  const modelLabel = meta.model ? (models.find((m) => m.id === meta.model)?.label ?? meta.model) : null;
  const [detail, setDetail] = useState<ParsedAction | null>(null);

  return (
    <li className="flex flex-col gap-2" data-role="assistant" aria-busy={isStreaming || undefined}>
      {steps.map((step, s) => (
        <Fragment key={s}>
          {step.repair && <RepairStepNote repair={step.repair} />}
          {step.parsed.segments.map((segment, i) =>
            segment.kind === 'text' ? (
              segment.text.trim() ? (
                <RichText key={i} text={segment.text} />
              ) : null
            ) : (
              <ActionGroup
                key={i}
                group={segment}
                isStreaming={isStreaming && s === steps.length - 1}
                onOpen={setDetail}
              />
            ),
          )}
        </Fragment>
      ))}
      {isStreaming && !text && (
        <p className="flex items-center gap-2 text-sm text-ink-subtle">
          <Spinner size={14} /> Thinking…
        </p>
      )}

      {info?.type === 'validation-failed' && (
        <div
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-[13px] text-amber-900"
        >
          <p className="flex items-center gap-1.5 font-medium">
            <CircleAlert className="size-4 shrink-0" aria-hidden />
            {info.message ?? MESSAGES.chat.validateFailed}
          </p>
          {info.issues && info.issues.length > 0 && (
            <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
              {info.issues.map((issue, i) => (
                <li key={i} className="[overflow-wrap:anywhere]">
                  {issue.file && (
                    <span className="font-mono text-xs">
                      {issue.file}
                      {issue.line ? `:${issue.line}` : ''}{' '}
                    </span>
                  )}
                  {issue.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {info?.type === 'error' && (
        <p
          role="alert"
          className="flex items-start gap-1.5 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-800"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {info.message ?? MESSAGES.chat.failed}
        </p>
      )}
      {info?.type === 'hand-edits-kept' && (
        <p
          role="status"
          className="flex items-start gap-1.5 rounded-lg border border-line bg-surface-muted px-3 py-2 text-[13px] text-ink-muted [overflow-wrap:anywhere]"
        >
          <FilePen className="mt-0.5 size-4 shrink-0" aria-hidden />
          {info.message}
        </p>
      )}
      {info?.type === 'restore' && !text && (
        <p className="flex items-center gap-1.5 text-[13px] text-ink-subtle">
          <History className="size-3.5" aria-hidden />
          {info.message}
        </p>
      )}

      {(isTruncated || info?.type === 'interrupted') && !isStreaming && (
        <div className="rounded-lg border border-line bg-surface-muted px-3 py-2.5 text-[13px] text-ink-muted">
          {/* A turn cut off by its server's end keeps its text: Continue finishes it like a long answer. */}
          <p className="flex items-start gap-1.5">
            {info?.type === 'interrupted' ? (
              <Unplug className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            ) : (
              <Scissors className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            )}
            {info?.type === 'interrupted' ? info.message : MESSAGES.chat.truncated}
          </p>
          {isLast && (
            <Button size="sm" className="mt-2" onClick={onContinue} disabled={isBusy}>
              {MESSAGES.chat.keepGoing}
            </Button>
          )}
        </div>
      )}

      {!isStreaming && (modelLabel || meta.createdAt || isAdmin) && (
        <div className="space-y-1.5 text-[11px] text-ink-faint">
          <div className="flex min-h-6 flex-wrap items-center gap-x-1.5">
            {modelLabel && <span>Answered by {modelLabel}</span>}
            {modelLabel && meta.createdAt && <span aria-hidden>·</span>}
            {meta.createdAt && (
              <time dateTime={meta.createdAt} title={new Date(meta.createdAt).toLocaleString()}>
                {formatRelativeTime(meta.createdAt, now)}
              </time>
            )}
            {isAdmin && text && (
              <span className="ml-auto">
                <CopyMessageButton text={text} />
              </span>
            )}
          </div>
          {isAdmin && meta.versionId && (
            <p>
              Version ID: <span className="font-mono select-all">{meta.versionId}</span>
            </p>
          )}
          {isAdmin && meta.usage && <UsageTable usage={meta.usage} />}
        </div>
      )}

      {detail && <ActionDetailDialog action={detail} onClose={() => setDetail(null)} />}
    </li>
  );
}

function ActionGroup({
  group,
  isStreaming,
  onOpen,
}: {
  group: GroupSegment;
  isStreaming: boolean;
  onOpen: (action: ParsedAction) => void;
}) {
  return (
    <section aria-label={group.title} className="overflow-hidden rounded-xl border border-line bg-surface shadow-xs">
      <h3 className="flex items-center gap-2 border-b border-line bg-surface-muted/70 px-3 py-2 text-[13px] font-semibold text-ink">
        <Layers className="size-3.5 text-brand-600" aria-hidden />
        <span className="min-w-0 flex-1 truncate">{group.title}</span>
        {isStreaming && !group.isComplete && <Spinner size={12} label="Writing" />}
      </h3>
      <ul className="divide-y divide-line">
        {group.actions.map((action, i) => {
          const Icon = ACTION_ICONS[action.type];
          const isPending = isStreaming && !action.isComplete && !action.isTruncated;
          return (
            <li key={i}>
              <button
                type="button"
                onClick={() => onOpen(action)}
                className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-[13px] hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
                aria-label={`${ACTION_LABELS[action.type]} ${action.entity ?? action.file}`}
              >
                <Icon className="size-3.5 shrink-0 text-ink-subtle" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-mono text-xs text-ink-muted">
                  {action.entity ?? action.file}
                </span>
                {isPending ? (
                  <Spinner size={12} label="In progress" />
                ) : action.isTruncated ? (
                  <Badge tone="warning">truncated</Badge>
                ) : (
                  <span className="text-[11px] text-ink-faint">{ACTION_LABELS[action.type]}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The action detail dialog (docs/product/editor-and-chat.md#screens-and-routes Modals): what one action writes. */
function ActionDetailDialog({ action, onClose }: { action: ParsedAction; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`${ACTION_LABELS[action.type]}: ${action.entity ?? action.file}`}
        description={action.title}
        size="lg"
      >
        {action.permissions && (
          <p className="mb-3 text-[13px] text-ink-muted">
            Read: <strong>{action.permissions.read}</strong> · Write: <strong>{action.permissions.write}</strong>
          </p>
        )}
        {action.isTruncated && <p className="mb-3 text-[13px] text-amber-800">{MESSAGES.chat.truncated}</p>}
        <pre
          className={cn(
            'max-h-[60vh] overflow-auto rounded-lg bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100',
          )}
        >
          {action.content || ' '}
        </pre>
      </DialogContent>
    </Dialog>
  );
}

/** A compact "tokens · cost" line that opens the rows; nothing for a reply that cost nothing. */
function UsageTable({ usage }: { usage: NonNullable<EditorMessage['metadata']>['usage'] & object }) {
  const summary = usageSummary(usage);
  if (!summary) return null;
  return (
    <details className="group">
      <summary className="w-fit cursor-pointer list-none tabular-nums hover:text-ink-muted">Usage: {summary}</summary>
      <UsageRows usage={usage} />
    </details>
  );
}

function UsageRows({ usage }: { usage: NonNullable<EditorMessage['metadata']>['usage'] & object }) {
  return (
    // Relative: the header below is absolutely placed (screen readers only); without a positioned
    // ancestor it would sit outside the chat's scroll area and make the whole page scroll.
    <table className="relative w-full max-w-xs border-collapse text-left tabular-nums" aria-label="Usage">
      <thead className="sr-only">
        <tr>
          <th>Kind</th>
          <th>Tokens</th>
          <th>Cost</th>
          <th>Rate</th>
        </tr>
      </thead>
      <tbody>
        {usageRows(usage).map((row) => (
          <tr key={row.label} className={row.label === 'Total' ? 'font-medium text-ink-subtle' : undefined}>
            <th scope="row" className="py-0.5 pr-2 font-normal">
              {row.label}
            </th>
            <td className="py-0.5 pr-2">{row.tokens === null ? '' : formatTokens(row.tokens)}</td>
            <td className="py-0.5 pr-2">{formatCost(row.cost)}</td>
            <td className="py-0.5">{row.rate === null ? '' : formatRate(row.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Admins copy an answer's raw text, actions included (docs/product/editor-and-chat.md#roles-and-permissions). */
function CopyMessageButton({ text }: { text: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setIsCopied(true),
          () => {},
        )
      }
      className="flex h-6 items-center gap-1 rounded-md px-1.5 text-ink-subtle hover:bg-zinc-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      {isCopied ? <Check className="size-3" aria-hidden /> : <Copy className="size-3" aria-hidden />}
      <span aria-live="polite">{isCopied ? 'Copied' : 'Copy message'}</span>
    </button>
  );
}
