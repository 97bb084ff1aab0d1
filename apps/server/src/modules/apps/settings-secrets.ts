import type { AppSettings } from '@tessera/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';

/** The payment provider's access token: sent by the settings panel, stored sealed, never sent back. */
const TOKEN_FIELD = 'gumroadAccessToken';

type Stored = Record<string, unknown>;
interface SealedValue {
  sealed: string;
}

const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' && value !== null && typeof (value as SealedValue).sealed === 'string';

/**
 * App settings as stored and as shown. Stored, the token is `{ sealed }` (the API only takes it as
 * text, so no request can put a sealed value of its own there); shown, it is only
 * `paidMembershipsSettings.hasPaymentProviderAccessToken`.
 */
export function createSettingsSecrets(box: SecretBox) {
  const context = (appId: string) => `app:${appId}:${TOKEN_FIELD}`;
  const seal = (appId: string, token: string): SealedValue => ({ sealed: box.seal(token, context(appId)) });

  return {
    /**
     * The settings to store: a new token sealed; none given keeps the stored one (sealing one kept
     * in plaintext before); null or empty text removes it.
     */
    toStored(appId: string, incoming: AppSettings, stored: Stored): Stored {
      const { [TOKEN_FIELD]: given, ...rest } = incoming;
      const kept = stored[TOKEN_FIELD];
      let token: SealedValue | undefined;
      if (given === undefined)
        token = typeof kept === 'string' && kept !== '' ? seal(appId, kept) : isSealed(kept) ? kept : undefined;
      else if (given !== null && given.trim() !== '') token = seal(appId, given.trim());
      return token ? { ...rest, [TOKEN_FIELD]: token } : rest;
    },

    /** The settings a builder sees: no token, whether one is stored in `paidMembershipsSettings`. */
    toShown(stored: Stored): Stored {
      const { [TOKEN_FIELD]: token, ...rest } = stored;
      const hasToken = isSealed(token) || (typeof token === 'string' && token !== '');
      const paid = rest.paidMembershipsSettings;
      const isObject = typeof paid === 'object' && paid !== null && !Array.isArray(paid);
      if (!hasToken && !isObject) return rest;
      return {
        ...rest,
        paidMembershipsSettings: { ...(isObject ? paid : {}), hasPaymentProviderAccessToken: hasToken },
      };
    },

    /** The stored token in clear (paid memberships call Gumroad with it), or null. */
    tokenOf(appId: string, stored: Stored): string | null {
      const token = stored[TOKEN_FIELD];
      if (isSealed(token)) return box.open(token.sealed, context(appId));
      return typeof token === 'string' && token !== '' ? token : null;
    },

    /** Stored settings without the sealed token (sealed for one app, it stays with that app). */
    withoutSecrets(stored: Stored): Stored {
      const { [TOKEN_FIELD]: _token, ...rest } = stored;
      return rest;
    },
  };
}

export type SettingsSecrets = ReturnType<typeof createSettingsSecrets>;
