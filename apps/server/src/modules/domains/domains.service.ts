import { randomBytes } from 'node:crypto';
import { APP_MESSAGES } from '@tessera/contracts';
import { type Account } from '@tessera/contracts/accounts';
import { type AppKind } from '@tessera/contracts/apps';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  DOMAIN_MESSAGES,
  DOMAIN_VERIFY_LABEL,
  DOMAIN_VERIFY_PREFIX,
  MAX_CUSTOM_DOMAINS_PER_APP,
  txtMismatchMessage,
  txtMissingMessage,
  type CustomDomain,
  type CustomDomainsResponse,
} from '@tessera/contracts/domains';
import { canEditAppSettings } from '@tessera/contracts/plans';
import { AppError } from '../../platform/errors';
import { hostNameOf } from '../../platform/http/request-host';
import type { AppRow } from '../apps/apps.repo';
import type { TxtAnswer, TxtLookup } from './dns-check';
import type { DomainRow, DomainsRepo } from './domains.repo';
import { normalizeHostname, type ReservedHosts } from './hostname';

export interface DomainsServiceDeps {
  repo: DomainsRepo;
  /** The app when the caller owns it (404 otherwise). */
  getOwned: (user: SessionUser, appId: string) => Promise<AppRow>;
  accountOf: (user: SessionUser) => Promise<Pick<Account, 'plan' | 'isAdmin'>>;
  lookupTxt: TxtLookup;
  reserved: ReservedHosts;
  /** Hostnames the operator maps in APP_HOSTNAMES: taken, whatever app they name. */
  operatorHostnames: ReadonlyMap<string, string>;
  /** `{slug}.{APPS_DOMAIN}`: what the routing record points at. */
  appHostOf: (slug: string) => string;
  /** Whether a host is one of the apps' own `{slug}.APPS_DOMAIN` hosts with an app behind it. */
  isAppSlugHost: (hostname: string) => Promise<boolean>;
  /** Called after every change: this process's host map reloads at once. */
  onChanged: () => void;
}

/** The name that holds a domain's verification TXT record. */
export const verifyNameOf = (hostname: string) => `${DOMAIN_VERIFY_LABEL}.${hostname}`;

/** Custom domains of apps (docs/product/custom-domains.md): add, verify by DNS TXT, remove, and the TLS ask. */
export function createDomainsService(deps: DomainsServiceDeps) {
  const { repo, getOwned, accountOf, lookupTxt, reserved, operatorHostnames, appHostOf, onChanged } = deps;

  /** The app, if the caller owns it and may edit its settings (generated apps: admins and MOON up). */
  async function editableApp(user: SessionUser, appId: string): Promise<AppRow> {
    const [row, account] = await Promise.all([getOwned(user, appId), accountOf(user)]);
    if (!canEditAppSettings({ kind: row.kind as AppKind, ...account })) {
      throw new AppError('PLAN_LIMIT_REACHED', APP_MESSAGES.appSettingsPlanRequired, { upgradeReason: 'default' });
    }
    return row;
  }

  function shown(row: DomainRow, slug: string): CustomDomain {
    const verifyName = verifyNameOf(row.hostname);
    return {
      id: row.id,
      hostname: row.hostname,
      status: row.status as CustomDomain['status'],
      failureReason: row.failureReason,
      checkedAt: row.checkedAt?.toISOString() ?? null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      records: [
        { type: 'CNAME', name: row.hostname, value: appHostOf(slug), purpose: 'routing' },
        {
          type: 'TXT',
          name: verifyName,
          value: `${DOMAIN_VERIFY_PREFIX}${row.verificationToken}`,
          purpose: 'verification',
        },
      ],
    };
  }

  async function ownedDomain(row: AppRow, domainId: string): Promise<DomainRow> {
    const domain = (await repo.listByApp(row.id)).find((d) => d.id === domainId);
    if (!domain) throw new AppError('NOT_FOUND', DOMAIN_MESSAGES.notFound);
    return domain;
  }

  /** The check's verdict: verified, or failed with the builder's reason. */
  function verdictOf(answer: TxtAnswer, domain: DomainRow): { ok: boolean; reason: string | null } {
    const name = verifyNameOf(domain.hostname);
    if (answer.kind === 'timeout') return { ok: false, reason: DOMAIN_MESSAGES.dnsTimeout };
    if (answer.kind === 'failed') return { ok: false, reason: DOMAIN_MESSAGES.dnsFailed };
    if (answer.kind === 'none' || answer.values.length === 0) return { ok: false, reason: txtMissingMessage(name) };
    const expected = `${DOMAIN_VERIFY_PREFIX}${domain.verificationToken}`;
    return answer.values.some((value) => value.trim() === expected)
      ? { ok: true, reason: null }
      : { ok: false, reason: txtMismatchMessage(name) };
  }

  return {
    async list(user: SessionUser, appId: string): Promise<CustomDomainsResponse> {
      const row = await editableApp(user, appId);
      const domains = await repo.listByApp(row.id);
      return { domains: domains.map((d) => shown(d, row.slug)), limit: MAX_CUSTOM_DOMAINS_PER_APP };
    },

    async add(user: SessionUser, appId: string, typed: string): Promise<CustomDomain> {
      const row = await editableApp(user, appId);
      const hostname = normalizeHostname(typed, reserved);
      if (operatorHostnames.has(hostname)) throw new AppError('CONFLICT', DOMAIN_MESSAGES.takenByOtherApp);
      const token = randomBytes(18).toString('base64url');
      const added = await repo.add(row.id, hostname, token, MAX_CUSTOM_DOMAINS_PER_APP);
      if (added === 'limit') throw new AppError('CONFLICT', DOMAIN_MESSAGES.limitReached);
      if (added === 'already') throw new AppError('CONFLICT', DOMAIN_MESSAGES.alreadyAdded);
      if (added === 'taken') throw new AppError('CONFLICT', DOMAIN_MESSAGES.takenByOtherApp);
      return shown(added, row.slug);
    },

    /**
     * Looks the TXT record up and stores the verdict; a verified domain is served at once. The first
     * claim of a hostname to verify holds it: a later one fails, saying another app uses the domain.
     */
    async verify(user: SessionUser, appId: string, domainId: string): Promise<CustomDomain> {
      const row = await editableApp(user, appId);
      const domain = await ownedDomain(row, domainId);
      const verdict = verdictOf(await lookupTxt(verifyNameOf(domain.hostname)), domain);
      let stored = await repo.setStatus(row.id, domain.id, verdict.ok ? 'verified' : 'failed', verdict.reason);
      if (stored === 'taken')
        stored = await repo.setStatus(row.id, domain.id, 'failed', DOMAIN_MESSAGES.takenByOtherApp);
      if (!stored || stored === 'taken') throw new AppError('NOT_FOUND', DOMAIN_MESSAGES.notFound);
      onChanged();
      return shown(stored, row.slug);
    },

    async remove(user: SessionUser, appId: string, domainId: string): Promise<{ status: true }> {
      const row = await editableApp(user, appId);
      if (!(await repo.remove(row.id, domainId))) throw new AppError('NOT_FOUND', DOMAIN_MESSAGES.notFound);
      onChanged();
      return { status: true };
    },

    /**
     * The TLS proxy's question (Caddy on-demand TLS `ask`): may a certificate be issued for this
     * name? Yes for verified custom domains, APP_HOSTNAMES entries and the apps' own slug hosts.
     */
    async mayIssueCertificate(domain: string): Promise<boolean> {
      const name = hostNameOf(domain.trim());
      if (!name) return false;
      if (operatorHostnames.has(name)) return true;
      if (await repo.findVerified(name)) return true;
      return deps.isAppSlugHost(name);
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
