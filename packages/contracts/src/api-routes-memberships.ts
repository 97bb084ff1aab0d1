import { z } from 'zod';
import type { ApiRoute } from './api-route';
import {
  MEMBERSHIP_PROVIDERS,
  MembershipCheckoutRequestSchema,
  MembershipCheckoutResponseSchema,
  MembershipProductsResponseSchema,
  MembershipStatusSchema,
  MembershipVerifyRequestSchema,
  PaymentsConnectRequestSchema,
  PaymentsConnectResponseSchema,
  PaymentsNotificationResponseSchema,
  PaymentsTokenRequestSchema,
  PaymentsWebhookSecretRequestSchema,
} from './memberships';

const PAYMENTS = '/api/apps/{appId}/payments';
const OWN = '/live_api/apps/{appId}/membership';

/** Paid memberships of an app's end users (docs/product/memberships.md#calls). */
export const MEMBERSHIP_API_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: `${PAYMENTS}/token`,
    tag: 'Apps',
    summary: "Store the owner's Gumroad access token or Stripe secret key (checked with the provider, kept encrypted)",
    description:
      'Needs sign-up on. `provider` is `gumroad` (the default) or `stripe` (a secret `sk_…` or restricted `rk_…` key). Answers the Gumroad products or the Stripe monthly and yearly prices; the key is never returned.',
    auth: 'builder',
    body: PaymentsTokenRequestSchema,
    responses: { 200: MembershipProductsResponseSchema },
    errors: [409, 502],
  },
  {
    method: 'get',
    path: `${PAYMENTS}/products`,
    tag: 'Apps',
    summary: "The owner's Gumroad products or Stripe prices, with the stored key",
    auth: 'builder',
    query: z.object({
      appId: z.string().optional(),
      accessToken: z.string().optional(),
      provider: z.enum(MEMBERSHIP_PROVIDERS).optional(),
    }),
    responses: { 200: MembershipProductsResponseSchema },
    errors: [502],
  },
  {
    method: 'post',
    path: `${PAYMENTS}/connect`,
    tag: 'Apps',
    summary: 'Connect (resync, or change) the product end users buy; turns paid memberships on',
    auth: 'builder',
    body: PaymentsConnectRequestSchema,
    responses: { 200: PaymentsConnectResponseSchema },
    errors: [409, 502],
  },
  {
    method: 'get',
    path: `${PAYMENTS}/notification-url`,
    tag: 'Apps',
    summary:
      "Where the connected provider's notifications go: Gumroad's ping URL (holds the app's secret) or the app's Stripe webhook URL and its events",
    auth: 'builder',
    responses: { 200: PaymentsNotificationResponseSchema },
  },
  {
    method: 'post',
    path: `${PAYMENTS}/webhook-secret`,
    tag: 'Apps',
    summary: "Store the signing secret of the owner's Stripe webhook endpoint for this app (kept encrypted)",
    auth: 'builder',
    body: PaymentsWebhookSecretRequestSchema,
    responses: { 200: z.object({ message: z.string() }) },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/memberships/{appId}/gumroad/ping',
    tag: 'Apps',
    summary: "Gumroad's ping for an app's memberships (form fields)",
    description:
      "`?secret=` is the app's own (see notification-url); what the ping says is read back from Gumroad with the owner's token. Each event applies once.",
    auth: 'none',
    query: z.object({ secret: z.string() }),
    responses: { 200: z.object({ received: z.literal(true) }) },
    errors: [401, 502],
  },
  {
    method: 'post',
    path: '/api/memberships/{appId}/stripe/webhook',
    tag: 'Apps',
    summary: "Stripe's webhook for an app's memberships (signed with the app's signing secret)",
    description:
      'The raw body is checked against `Stripe-Signature` with the secret stored for the app; a missing or forged signature is a 400. Each event applies once, in any order.',
    auth: 'none',
    responses: { 200: z.object({ received: z.literal(true) }) },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: OWN,
    tag: 'App users',
    summary: "The signed-in end user's membership (the paywall)",
    auth: 'ownerOrAppUser',
    host: 'both',
    responses: { 200: MembershipStatusSchema },
  },
  {
    method: 'post',
    path: `${OWN}/checkout`,
    tag: 'App users',
    summary: "The product's checkout URL, with the end user's e-mail and id",
    description:
      "Gumroad: the product page. Stripe: a new Checkout session (mode subscription) coming back to `returnUrl` (the paywall, on the caller's host) with `session_id`.",
    auth: 'appUser',
    host: 'both',
    body: MembershipCheckoutRequestSchema,
    responses: { 200: MembershipCheckoutResponseSchema },
  },
  {
    method: 'post',
    path: `${OWN}/verify`,
    tag: 'App users',
    summary: "Look the end user's purchase up with the provider; answers their membership",
    description: 'Gumroad: their sales by e-mail. Stripe: the Checkout session `sessionId`, if it is theirs and paid.',
    auth: 'appUser',
    host: 'both',
    body: MembershipVerifyRequestSchema,
    responses: { 200: MembershipStatusSchema },
    errors: [502],
  },
];
