/* The zod-free part of paid memberships' contracts: the app runtime's paywall imports it too. */

/** Paid memberships of an app's end users (docs/product/memberships.md): every message, once. */
export const MEMBERSHIP_MESSAGES = {
  fetchProductsFailed: 'Failed to fetch Gumroad products',
  connectFailed: 'Failed to connect to Gumroad',
  connected: "Connected to Gumroad, you're all set!",
  needsSignup: 'Turn on sign-up first: paid memberships are for signed-in users',
  noToken: 'Add your Gumroad access token first',
  tokenRejected: 'Gumroad did not accept this access token',
  productNotFound: 'This product is not in your Gumroad account',
  notEnabled: 'Paid memberships are not on for this app',
  membershipRequired: 'A membership is needed to use this app',
  purchaseNotFound: 'We could not find your payment yet. It can take a minute, try again shortly.',
  badPing: 'This payment notification was refused',
  paywallTitle: 'Become a member',
  paywallLead: 'Members get full access to {app}.',
  checkout: 'Continue to checkout',
  checkAgain: "I've paid, check again",
  checking: 'Checking your payment…',
  waiting: 'Finish your purchase in the new tab. This page lets you in as soon as the payment is confirmed.',
  welcome: 'Payment confirmed. Welcome!',
  stripeFetchPricesFailed: 'Failed to fetch Stripe prices',
  stripeConnectFailed: 'Failed to connect to Stripe',
  stripeConnected: "Connected to Stripe, you're all set!",
  stripeNoKey: 'Add your Stripe secret key first',
  stripeKeyRejected: 'Stripe did not accept this secret key',
  stripePriceNotFound: 'This price is not a monthly or yearly price in your Stripe account',
  stripeNoWebhookSecret: "Add your Stripe webhook's signing secret first",
  stripeBadSignature: 'Invalid Stripe signature',
  stripeWebhookSecretSaved: 'Signing secret saved',
  perkAccess: 'Full access to {app}',
  perkCancel: 'Cancel anytime',
  securedBy: 'Secure checkout by {provider}',
  changeWarning:
    'Members who already paid keep their access until their period ends; new members will buy the product you pick now.',
} as const;

/** Digits after the point of a currency's major unit: 2 for EUR, 0 for JPY (2 for a code Intl does not know). */
export function currencyMinorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in a currency's smallest unit as money in that currency ("€12.00", "¥500"). */
export function formatPaymentAmount(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  const major = minorUnits / 10 ** currencyMinorDigits(code);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(major);
  } catch {
    return `${major.toFixed(2)} ${code}`;
  }
}

/** What a price is per: "a month", "a year", or nothing for a one-time purchase. */
export const membershipPeriod = (recurrence: 'monthly' | 'yearly' | null): string =>
  recurrence === 'monthly' ? 'a month' : recurrence === 'yearly' ? 'a year' : '';

/** Money as the paywall shows it, in the product's own currency: "$9.00 a month", "€120.00 a year". */
export function formatMembershipPrice(product: {
  price: number;
  currency: string;
  recurrence: 'monthly' | 'yearly' | null;
}): string {
  return [formatPaymentAmount(product.price, product.currency), membershipPeriod(product.recurrence)]
    .filter(Boolean)
    .join(' ');
}
