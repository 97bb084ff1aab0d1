import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  APP_CHAT_MESSAGES,
  APP_CHAT_INSTRUCTIONS_MAX_LENGTH,
  type AppChatSettings,
  type AppChatSettingsUpdate,
} from '@tessera/contracts/app-chat';
import { Alert, Badge, Button, Checkbox, Field, Skeleton, Switch, Textarea, toast } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useContextItems } from '../../data-sources';
import { useActivateChatAssistant, useChatAssistant, useSaveChatAssistant } from '../api';
import { ActivateChatDialog } from './activate-chat-dialog';
import { AssistantNameFields } from './assistant-name-fields';

const formOf = (s: AppChatSettings): AppChatSettingsUpdate => ({
  name: s.name,
  welcomeMessage: s.welcomeMessage,
  instructions: s.instructions,
  dataItemIds: s.dataItemIds,
  canReadRecords: s.canReadRecords,
});
const sameForm = (a: AppChatSettingsUpdate, b: AppChatSettingsUpdate) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The App chat panel (docs/product/app-chat.md#screens-and-routes): the assistant's on/off switch
 * (changed at once, put back with the error if the call fails; the first activation goes through
 * the "Activate Your Chat Assistant" modal), its name, welcome message and instructions, the data
 * sources it may use and whether it may read the app's records.
 */
export function AppChatPanel({ appId }: { appId: string }) {
  const chat = useChatAssistant(appId);
  if (chat.isPending)
    return (
      <div className="space-y-3" aria-busy aria-label="Loading the chat assistant">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (chat.isError) return <Alert tone="error">{errorMessage(chat.error)}</Alert>;
  return <ChatAssistantForm appId={appId} settings={chat.data} />;
}

function ChatAssistantForm({ appId, settings }: { appId: string; settings: AppChatSettings }) {
  const [form, setForm] = useState(() => formOf(settings));
  const [isActivateOpen, setIsActivateOpen] = useState(false);
  const save = useSaveChatAssistant(appId);
  const activate = useActivateChatAssistant(appId);
  const items = useContextItems(appId);
  const id = useId();
  const isDirty = !sameForm(form, formOf(settings));
  const isActive = settings.status === 'active';

  // Settings read again replace the form unless it has unsaved edits.
  useEffect(() => {
    setForm((current) => (sameForm(current, formOf(settings)) ? current : formOf(settings)));
  }, [settings]);

  function setActive(next: boolean) {
    activate.mutate(next, {
      onSuccess: () => toast.success(next ? APP_CHAT_MESSAGES.activated : APP_CHAT_MESSAGES.deactivated),
      onError: () => toast.error(next ? APP_CHAT_MESSAGES.activateFailed : APP_CHAT_MESSAGES.deactivateFailed),
    });
  }

  /** The first activation goes through the modal (name and welcome first); later ones switch at once. */
  function toggle(next: boolean) {
    if (next && !settings.chatAppId) setIsActivateOpen(true);
    else setActive(next);
  }

  async function saveForm(update: AppChatSettingsUpdate): Promise<boolean> {
    try {
      await save.mutateAsync(update);
      return true;
    } catch (err) {
      toast.error(errorMessage(err, APP_CHAT_MESSAGES.saveFailed));
      return false;
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (await saveForm(form)) toast.success(APP_CHAT_MESSAGES.saved);
  }

  const sources = items.data?.contextItems ?? [];
  const chosen = new Set(form.dataItemIds ?? sources.map((s) => s.id));
  const toggleSource = (itemId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(itemId);
    else next.delete(itemId);
    setForm((f) => ({ ...f, dataItemIds: [...next] }));
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} className="space-y-5" aria-label="Chat assistant">
      <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-status`} className="text-sm font-medium text-ink">
              Chat assistant
            </label>
            <Badge tone={isActive ? 'success' : 'neutral'}>{isActive ? 'Active' : 'Draft'}</Badge>
          </div>
          <p className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
            A chat bubble in your published app that answers visitors from your data.
          </p>
        </div>
        <Switch
          id={`${id}-status`}
          checked={isActive}
          onCheckedChange={toggle}
          disabled={activate.isPending}
          className="mt-0.5"
        />
      </div>

      <fieldset disabled={save.isPending} className="space-y-4">
        <AssistantNameFields form={form} onFormChange={setForm} />
        <Field label="Instructions" optional hint="How it should answer: tone, what to focus on, what to avoid.">
          <Textarea
            rows={4}
            value={form.instructions}
            maxLength={APP_CHAT_INSTRUCTIONS_MAX_LENGTH}
            onChange={(e) => setForm((f) => ({ ...f, instructions: e.target.value }))}
          />
        </Field>

        <section aria-labelledby={`${id}-sources`} className="space-y-2">
          <h3 id={`${id}-sources`} className="text-xs font-medium tracking-wide text-ink-faint uppercase">
            Data sources
          </h3>
          <label className="flex items-center gap-2 text-sm text-ink">
            <Checkbox
              checked={form.dataItemIds === null}
              onChange={(e) => setForm((f) => ({ ...f, dataItemIds: e.target.checked ? null : [...chosen] }))}
            />
            Use every data source, new ones too
          </label>
          {sources.length === 0 ? (
            <p className="text-[13px] leading-snug text-ink-subtle">
              No data sources yet: add some under Data sources and the assistant answers from them.
            </p>
          ) : (
            <ul className="space-y-1.5 rounded-xl border border-line p-2">
              {sources.map((item) => (
                <li key={item.id}>
                  <label className="flex items-center gap-2 text-sm text-ink">
                    <Checkbox
                      checked={chosen.has(item.id)}
                      disabled={form.dataItemIds === null}
                      onChange={(e) => toggleSource(item.id, e.target.checked)}
                    />
                    <span className="truncate">{item.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-3">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-records`} className="block text-sm font-medium text-ink">
              Read the app&apos;s records
            </label>
            <p className="mt-0.5 text-[13px] leading-snug text-ink-subtle">
              Each person only gets answers from records they are allowed to see.
            </p>
          </div>
          <Switch
            id={`${id}-records`}
            checked={form.canReadRecords}
            onCheckedChange={(on) => setForm((f) => ({ ...f, canReadRecords: on }))}
            className="mt-0.5"
          />
        </div>
      </fieldset>

      <div className="flex justify-end gap-2">
        {isDirty && (
          <Button type="button" variant="ghost" size="sm" onClick={() => setForm(formOf(settings))}>
            Discard
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!isDirty} loading={save.isPending}>
          Save changes
        </Button>
      </div>

      <ActivateChatDialog
        open={isActivateOpen}
        onOpenChange={setIsActivateOpen}
        form={form}
        onFormChange={setForm}
        onActivate={async () => {
          if (!(await saveForm(form))) return;
          setIsActivateOpen(false);
          setActive(true);
        }}
        isBusy={save.isPending}
      />
    </form>
  );
}
