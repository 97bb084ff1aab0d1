import { useId, useState, type FormEvent } from 'react';
import { Check, Copy, ExternalLink, Globe } from 'lucide-react';
import { DOMAIN_MESSAGES, type CustomDomain, type DnsRecord } from '@tessera/contracts/domains';
import { Alert, Badge, Button, Field, Input, Skeleton, toast, type BadgeTone } from '@tessera/ui';
import { errorMessage } from '../../../shared/api';
import { useAddCustomDomain, useCustomDomains, useRemoveCustomDomain, useVerifyCustomDomain } from '../api/domains';

const STATUS: Record<CustomDomain['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for DNS', tone: 'warning' },
  verified: { label: 'Verified', tone: 'success' },
  failed: { label: 'Not verified', tone: 'danger' },
};

/**
 * The Custom domain section of App settings (docs/product/custom-domains.md): add a domain, see the
 * DNS records to create, verify them, check again, remove.
 */
export function CustomDomainsSection({ appId }: { appId: string }) {
  const baseId = useId();
  const domains = useCustomDomains(appId);
  const add = useAddCustomDomain(appId);
  const [hostname, setHostname] = useState('');
  const [error, setError] = useState<string | undefined>();
  const list = domains.data?.domains ?? [];
  const isFull = domains.data ? list.length >= domains.data.limit : false;

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!hostname.trim()) return setError(DOMAIN_MESSAGES.hostnameRequired);
    add.mutate(hostname, {
      onSuccess: () => {
        setHostname('');
        setError(undefined);
        toast.success(DOMAIN_MESSAGES.added);
      },
      onError: (err) => setError(errorMessage(err, DOMAIN_MESSAGES.actionFailed)),
    });
  }

  return (
    <section aria-labelledby={`${baseId}-heading`} className="space-y-3 border-t border-line pt-5">
      <div>
        <h3 id={`${baseId}-heading`} className="text-xs font-medium tracking-wide text-ink-faint uppercase">
          Custom domain
        </h3>
        <p className="mt-1 text-[13px] leading-snug text-ink-subtle">
          Serve your app on a domain you own, like shop.example.com.
        </p>
      </div>
      {domains.isPending && <Skeleton className="h-24 w-full" />}
      {domains.isError && <Alert tone="error">{DOMAIN_MESSAGES.loadFailed}</Alert>}
      {list.map((domain) => (
        <DomainCard key={domain.id} appId={appId} domain={domain} />
      ))}
      {domains.data && !isFull && (
        <form noValidate onSubmit={handleAdd} className="space-y-2" aria-label="Add a custom domain">
          <Field label="Domain" error={error}>
            <Input
              id={`${baseId}-hostname`}
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="shop.example.com"
              value={hostname}
              onChange={(event) => {
                setHostname(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" size="sm" variant="secondary" loading={add.isPending}>
              <Globe aria-hidden />
              Add domain
            </Button>
          </div>
        </form>
      )}
      {isFull && <p className="text-[13px] text-ink-subtle">{DOMAIN_MESSAGES.limitReached}</p>}
    </section>
  );
}

function DomainCard({ appId, domain }: { appId: string; domain: CustomDomain }) {
  const verify = useVerifyCustomDomain(appId);
  const remove = useRemoveCustomDomain(appId);
  const [confirming, setConfirming] = useState(false);
  const status = STATUS[domain.status];
  const isVerified = domain.status === 'verified';

  function handleVerify() {
    verify.mutate(domain.id, {
      onSuccess: (checked) => {
        if (checked.status === 'verified') toast.success(DOMAIN_MESSAGES.verified);
      },
      onError: (err) => toast.error(errorMessage(err, DOMAIN_MESSAGES.actionFailed)),
    });
  }

  function handleRemove() {
    remove.mutate(domain.id, {
      onSuccess: () => toast.success(DOMAIN_MESSAGES.removed),
      onError: (err) => toast.error(errorMessage(err, DOMAIN_MESSAGES.actionFailed)),
    });
  }

  return (
    <article aria-label={domain.hostname} className="space-y-3 rounded-xl border border-line bg-surface p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 text-sm font-medium break-all text-ink">{domain.hostname}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {isVerified ? (
        <p className="text-[13px] leading-snug text-ink-subtle">
          Your app is served at{' '}
          <a
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            href={`${window.location.protocol}//${domain.hostname}/`}
            target="_blank"
            rel="noreferrer"
          >
            {domain.hostname}
            <ExternalLink aria-hidden className="size-3" />
          </a>
          . Keep both records in place.
        </p>
      ) : (
        <>
          {domain.failureReason && <Alert tone="error">{domain.failureReason}</Alert>}
          <p className="text-[13px] leading-snug text-ink-subtle">
            Create these two records at your DNS provider, then press Verify.
          </p>
        </>
      )}
      <dl className="space-y-2">
        {domain.records.map((record) => (
          <RecordRow key={record.type} record={record} />
        ))}
      </dl>
      {!isVerified && (
        <p className="text-xs leading-snug text-ink-faint">
          A root domain (example.com) takes an ALIAS or ANAME record instead of the CNAME, where your provider has one.
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {confirming ? (
          <>
            <span className="mr-auto text-[13px] text-ink">Remove {domain.hostname}?</span>
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button type="button" size="sm" variant="danger" loading={remove.isPending} onClick={handleRemove}>
              Remove domain
            </Button>
          </>
        ) : (
          <>
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Remove
            </Button>
            <Button
              type="button"
              size="sm"
              variant={isVerified ? 'secondary' : 'primary'}
              loading={verify.isPending}
              onClick={handleVerify}
            >
              {isVerified ? 'Check again' : 'Verify'}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}

function RecordRow({ record }: { record: DnsRecord }) {
  const [copied, setCopied] = useState<'name' | 'value' | null>(null);
  async function copy(part: 'name' | 'value') {
    try {
      await navigator.clipboard.writeText(record[part]);
      setCopied(part);
      setTimeout(() => setCopied(null), 1500);
    } catch {
      toast.error(record[part]);
    }
  }
  return (
    <div className="rounded-lg bg-zinc-50 p-2 ring-1 ring-line ring-inset">
      <dt className="mb-1 text-[11px] font-medium tracking-wide text-ink-faint uppercase">
        {record.type} · {record.purpose === 'verification' ? 'verification' : 'points to your app'}
      </dt>
      {(['name', 'value'] as const).map((part) => (
        <dd key={part} className="flex items-start gap-1 pt-1">
          <div className="min-w-0 flex-1">
            <span className="block text-[11px] text-ink-subtle">{part === 'name' ? 'Name' : 'Value'}</span>
            <code className="block font-mono text-xs break-all text-ink">{record[part]}</code>
          </div>
          <button
            type="button"
            onClick={() => void copy(part)}
            aria-label={`Copy the ${record.type} record's ${part}`}
            className="rounded p-1 text-ink-faint hover:bg-zinc-200 hover:text-ink"
          >
            {copied === part ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
          </button>
        </dd>
      ))}
    </div>
  );
}
