import type { ComponentProps } from 'react';
import type { AppLook } from '@tessera/contracts/apps';
import { MESSAGES } from '@tessera/contracts';
import { Button, cn } from '@tessera/ui';
import { ChatPanel, ErrorPanel, PreviewPane, versionLabel } from '../../editor';
import type { BuilderLayout } from '../hooks/use-builder-layout';
import type { useErrorResolution } from '../hooks/use-error-resolution';
import type { useVersionSelection } from '../hooks/use-version-selection';

type ChatProps = Pick<
  ComponentProps<typeof ChatPanel>,
  'appId' | 'chat' | 'isAdmin' | 'models' | 'model' | 'onModelChange'
>;

interface EditorViewProps extends ChatProps {
  layout: BuilderLayout;
  versions: ReturnType<typeof useVersionSelection>;
  errors: ReturnType<typeof useErrorResolution>;
  /** The page the preview opens on (from the address). */
  initialPage: string | undefined;
  onSuggestChatMessage: (text: string) => void;
  onResolve: () => void;
  /** The App branding and App texts drafts, shown in the preview as they change. */
  look?: AppLook;
}

/** A generated app's editor: the chat (at most 350 px wide) beside the preview, or taking turns with it. */
export function EditorView({
  layout,
  versions,
  errors,
  initialPage,
  onSuggestChatMessage,
  onResolve,
  look,
  ...chatProps
}: EditorViewProps) {
  const { isNarrow, showChat, showPreview } = layout;
  const { selected, isOnLatest } = versions;
  const isBusy = chatProps.chat.isBusy;
  return (
    <main className="flex min-w-0 flex-1">
      {(showChat || isNarrow) && (
        <ChatPanel
          {...chatProps}
          isOnLatest={isOnLatest}
          onSwitchToLatest={versions.switchToLatest}
          className={cn(
            'min-w-0',
            isNarrow ? 'flex-1' : 'w-[350px] max-w-[350px] shrink-0 border-r border-line',
            !showChat && 'hidden',
          )}
        />
      )}
      {/* Kept mounted on mobile while the chat shows: the app keeps running and reporting errors. */}
      <div className={cn('min-w-0 flex-1 flex-col', showPreview ? 'flex' : 'hidden')}>
        {!isOnLatest && selected && (
          <div
            role="status"
            className="flex flex-wrap items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-[13px] text-amber-900"
          >
            <span className="mr-auto">Viewing {versionLabel(selected)}, an older version.</span>
            <Button
              size="sm"
              variant="secondary"
              loading={versions.isRestoring}
              disabled={isBusy}
              onClick={() => versions.restore(selected)}
            >
              Restore this version
            </Button>
            <Button size="sm" onClick={versions.switchToLatest}>
              {MESSAGES.chat.switchToLatest}
            </Button>
          </div>
        )}
        <PreviewPane
          appId={chatProps.appId}
          versionId={selected?.id ?? null}
          isLoadingVersions={versions.isLoadingVersions}
          initialPage={initialPage}
          onAppError={errors.report}
          onSuggestChatMessage={onSuggestChatMessage}
          isBuilding={isBusy}
          look={look}
          overlay={
            <ErrorPanel
              state={errors.errors}
              dispatch={errors.dispatchErrors}
              onResolve={onResolve}
              isResolving={errors.isResolving}
              canResolve={!isBusy && !chatProps.chat.limitFailure}
            />
          }
        />
      </div>
    </main>
  );
}
