import { startFakeGumroad, startFakeStripe } from '@tessera/test-utils';
import { E2E_GUMROAD, E2E_MEMBERSHIP_STRIPE, E2E_STRIPE } from './payments';

/**
 * Fake Stripe and fake Gumroad for the e2e install (a `webServer` of playwright.config.ts): webhooks
 * and pings go to the server under test; Gumroad sends the buyer back to settings with `sale_id`.
 */
const base = `http://localhost:${process.env.E2E_PORT}`;
const stripe = await startFakeStripe({
  port: Number(process.env.E2E_STRIPE_PORT),
  secretKey: E2E_STRIPE.secretKey,
  webhookSecret: E2E_STRIPE.webhookSecret,
  webhookUrl: `${base}/api/billing/stripe/webhook`,
});
// A builder's own account for paid memberships (its webhook URL is per app: the journey checks the session on return).
stripe.addAccount({
  secretKey: E2E_MEMBERSHIP_STRIPE.secretKey,
  webhookSecret: E2E_MEMBERSHIP_STRIPE.webhookSecret,
  prices: [E2E_MEMBERSHIP_STRIPE.price],
});
const gumroad = await startFakeGumroad({
  port: Number(process.env.E2E_GUMROAD_PORT),
  accessToken: E2E_GUMROAD.accessToken,
  pingUrl: `${base}/api/billing/gumroad/ping?secret=${E2E_GUMROAD.pingSecret}`,
  redirectUrl: `${base}/settings`,
});
console.log(`fake Stripe on ${stripe.baseUrl}, fake Gumroad on ${gumroad.baseUrl}`);
