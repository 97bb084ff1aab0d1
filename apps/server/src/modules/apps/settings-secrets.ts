import type { AppSettings } from '@tessera/contracts/apps';
import type { SecretBox } from '../../platform/crypto/secret-box';

/**
 * The payment providers' secrets of paid memberships (docs/product/memberships.md#data): sent by the
 * settings, stored sealed, never sent back.
 */
export const SETTINGS_SECRET_FIELDS = ['gumroadAccessToken', 'stripeSecretKey', 'stripeWebhookSecret'] as const;
export type SettingsSecretField = (typeof SETTINGS_SECRET_FIELDS)[number];

type Stored = Record<string, unknown>;
interface SealedValue {
  sealed: string;
}

const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' && value !== null && typeof (value as SealedValue).sealed === 'string';
const isStored = (value: unknown) => isSealed(value) || (typeof value === 'string' && value !== '');

/**
 * App settings as stored and as shown. Stored, a secret is `{ sealed }` (the API only takes it as
 * text, so no request can put a sealed value of its own there); shown, only
 * `paidMembershipsSettings.hasPaymentProviderAccessToken` says whether the chosen provider's key is stored.
 */
export function createSettingsSecrets(box: SecretBox) {
  const context = (appId: string, field: SettingsSecretField) => `app:${appId}:${field}`;

  return {
    /**
     * The settings to store: a new secret sealed; none given keeps the stored one (sealing one kept
     * in plaintext before); null or empty text removes it.
     */
    toStored(appId: string, incoming: AppSettings, stored: Stored): Stored {
      const out: Stored = { ...incoming };
      for (const field of SETTINGS_SECRET_FIELDS) {
        const given = incoming[field] as string | null | undefined;
        const kept = stored[field];
        let secret: SealedValue | undefined;
        if (given === undefined)
          secret =
            typeof kept === 'string' && kept !== ''
              ? { sealed: box.seal(kept, context(appId, field)) }
              : isSealed(kept)
                ? kept
                : undefined;
        else if (given !== null && given.trim() !== '')
          secret = { sealed: box.seal(given.trim(), context(appId, field)) };
        if (secret) out[field] = secret;
        else delete out[field];
      }
      return out;
    },

    /** The settings a builder sees: no secrets; whether the chosen provider's key is stored. */
    toShown(stored: Stored): Stored {
      const rest: Stored = { ...stored };
      for (const field of SETTINGS_SECRET_FIELDS) delete rest[field];
      const paid = rest.paidMembershipsSettings;
      const isObject = typeof paid === 'object' && paid !== null && !Array.isArray(paid);
      const provider = isObject ? (paid as Stored).paymentProvider : undefined;
      const hasToken = isStored(stored[provider === 'stripe' ? 'stripeSecretKey' : 'gumroadAccessToken']);
      if (!hasToken && !isObject) return rest;
      return {
        ...rest,
        paidMembershipsSettings: { ...(isObject ? paid : {}), hasPaymentProviderAccessToken: hasToken },
      };
    },

    /** A stored secret in clear (paid memberships call the provider with it), or null. */
    tokenOf(appId: string, stored: Stored, field: SettingsSecretField = 'gumroadAccessToken'): string | null {
      const token = stored[field];
      if (isSealed(token)) return box.open(token.sealed, context(appId, field));
      return typeof token === 'string' && token !== '' ? token : null;
    },

    /** Stored settings without the sealed secrets (sealed for one app, they stay with that app). */
    withoutSecrets(stored: Stored): Stored {
      const rest: Stored = { ...stored };
      for (const field of SETTINGS_SECRET_FIELDS) delete rest[field];
      return rest;
    },
  };
}

export type SettingsSecrets = ReturnType<typeof createSettingsSecrets>;
