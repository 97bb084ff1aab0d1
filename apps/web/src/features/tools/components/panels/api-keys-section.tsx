import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { toolApiCurl, type CreateToolApiKeyResponse } from '@tessera/contracts/tool-runs';
import { Alert, Button, Field, Input, Spinner, toast } from '@tessera/ui';
import { errorMessage } from '../../../../shared/api';
import { batchesApi, batchKeys, useToolApiKeys } from '../../api/batches';
import { PanelSection } from './panel-bits';

const KEY_PLACEHOLDER = '$TESSERA_TOOL_KEY';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}`);
  }
}

/**
 * API access in the tool's settings (docs/product/tools.md#the-tool-api): the tool's keys (a new
 * one shown once), revoking, and a ready curl line for the tool's fields.
 */
export function ApiKeysSection({
  appId,
  toolId,
  sampleValues,
  isActive,
}: {
  appId: string;
  toolId: string;
  /** Field name -> an example value, for the curl line. */
  sampleValues: Record<string, string>;
  isActive: boolean;
}) {
  const queryClient = useQueryClient();
  const keys = useToolApiKeys(appId, toolId);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreateToolApiKeyResponse | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: batchKeys.apiKeys(appId, toolId) });
  const create = useMutation({
    mutationFn: () => batchesApi.createKey(appId, toolId, name),
    onSuccess: (result) => {
      setCreated(result);
      setName('');
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => batchesApi.revokeKey(appId, toolId, keyId),
    onSuccess: (_, keyId) => {
      if (created?.key.id === keyId) setCreated(null);
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const endpoint = keys.data?.endpoint ?? '';
  const curl = toolApiCurl(endpoint, created?.secret ?? KEY_PLACEHOLDER, sampleValues);
  const live = keys.data?.keys.filter((k) => !k.revokedAt) ?? [];

  return (
    <PanelSection
      title="API access"
      hint="Call this tool from your own code or a no-code tool with a key. Each call is a run of your plan's monthly runs."
    >
      {!isActive && (
        <Alert tone="info">The API answers only while the tool is live: turn it on to use your keys.</Alert>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!create.isPending) create.mutate();
        }}
      >
        <Field
          label="Key name"
          className="min-w-0 flex-1"
          error={create.isError ? errorMessage(create.error) : undefined}
        >
          <Input value={name} maxLength={60} placeholder="e.g. Zapier" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" variant="secondary" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <KeyRound aria-hidden />} Create key
        </Button>
      </form>

      {created && (
        <Alert tone="success" title="Copy your key now: it is shown only this once">
          <code className="mt-1 block font-mono text-xs break-all" data-testid="new-api-key">
            {created.secret}
          </code>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void copy(created.secret, 'Key')}>
            <Copy aria-hidden /> Copy key
          </Button>
        </Alert>
      )}

      {endpoint && (
        <div className="space-y-1.5">
          <p className="text-[13px] font-medium text-ink">Try it with curl</p>
          <pre
            className="overflow-x-auto rounded-lg bg-zinc-900 px-3 py-2.5 font-mono text-[11px] leading-relaxed whitespace-pre-wrap break-all text-zinc-100"
            data-testid="api-curl"
          >
            {curl}
          </pre>
          <Button size="sm" variant="secondary" onClick={() => void copy(curl, 'Curl command')}>
            <Copy aria-hidden /> Copy curl
          </Button>
        </div>
      )}

      {live.length > 0 && (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {live.map((k) => (
            <li key={k.id} className="flex items-center gap-2 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-ink">{k.name}</p>
                <p className="truncate text-xs text-ink-subtle">
                  <span className="font-mono">{k.prefix}…</span> ·{' '}
                  {k.lastUsedAt ? `last used ${new Date(k.lastUsedAt).toLocaleString()}` : 'never used'}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Revoke ${k.name}`}
                onClick={() => !revoke.isPending && revoke.mutate(k.id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
