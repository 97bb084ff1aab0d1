import { useState, type FormEvent } from 'react';
import { BookOpen, HardDrive } from 'lucide-react';
import { MESSAGES } from '@tessera/contracts';
import { CONNECTOR_NOT_CONFIGURED_LABEL } from '@tessera/contracts/context';
import { Badge, Button, Field, Input, toast } from '@tessera/ui';
import { useIngestMutations } from '../api/context';
import { upgradeOrToast } from '../lib/upgrade-or-toast';
import { serverMessageOr } from '../lib/errors';
import { parseConnectorLink, type ConnectorId } from '../lib/web-address';
import type { AddSourceProps } from './add-source-props';

const CONNECTORS: Record<
  ConnectorId,
  { name: string; icon: typeof BookOpen; linkLabel: string; placeholder: string; invalid: string }
> = {
  notion: {
    name: 'Notion',
    icon: BookOpen,
    linkLabel: 'Notion page or database link',
    placeholder: 'https://www.notion.so/acme/Pricing-0123456789abcdef0123456789abcdef',
    invalid: 'Paste the link of a Notion page or database',
  },
  google_drive: {
    name: 'Google Drive',
    icon: HardDrive,
    linkLabel: 'Google Drive file link',
    placeholder: 'https://docs.google.com/document/d/…/edit',
    invalid: 'Paste the link of a Google Drive file',
  },
};

export interface ConnectorSourceProps extends AddSourceProps {
  connector: ConnectorId;
  isConfigured: boolean;
}

/** Notion and Google Drive options: "not configured" until the server has their credentials. */
export function ConnectorSource({ appId, connector, isConfigured, requestAdd, onUpgrade }: ConnectorSourceProps) {
  const { name, icon: Icon, linkLabel, placeholder, invalid } = CONNECTORS[connector];
  const [link, setLink] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { metadata } = useIngestMutations(appId);

  if (!isConfigured) {
    return (
      <div className="flex items-start gap-3 rounded-xl border border-dashed border-line-strong px-4 py-5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-ink-subtle">
          <Icon className="size-4.5" aria-hidden />
        </span>
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
            {name}
            <Badge>{CONNECTOR_NOT_CONFIGURED_LABEL}</Badge>
          </p>
          <p className="text-[13px] leading-relaxed text-ink-subtle">
            This server has no {name} credentials. An administrator can add them to the server&apos;s settings to import{' '}
            {name} content here.
          </p>
        </div>
      </div>
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseConnectorLink(connector, link);
    if (!parsed) return setError(invalid);
    if (!requestAdd()) return;
    metadata.mutate(
      [
        {
          source: connector,
          providerItemId: parsed.providerItemId,
          type: parsed.type,
          name: title.trim() || `${name} ${parsed.providerItemId.slice(0, 8)}`,
          externalFileUrl: /^https?:\/\//.test(link.trim()) ? link.trim() : undefined,
        },
      ],
      {
        onSuccess: () => {
          setLink('');
          setTitle('');
          toast.success(`${name} item added`);
        },
        onError: (err) => {
          upgradeOrToast(err, onUpgrade, serverMessageOr(err, MESSAGES.dataSources.uploadDataFailed));
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <Field label={linkLabel} error={error ?? undefined}>
        <Input
          value={link}
          onChange={(e) => {
            setLink(e.target.value);
            setError(null);
          }}
          placeholder={placeholder}
        />
      </Field>
      <Field label="Name" optional>
        <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={metadata.isPending}>
          Import from {name}
        </Button>
      </div>
    </form>
  );
}
