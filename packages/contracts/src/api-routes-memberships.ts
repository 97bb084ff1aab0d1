import { z } from 'zod';
import type { ApiRoute } from './api-routes';
import {
  MembershipCheckoutResponseSchema,
  MembershipProductsResponseSchema,
  MembershipStatusSchema,
  PaymentsConnectRequestSchema,
  PaymentsConnectResponseSchema,
  PaymentsTokenRequestSchema,
} from './memberships';

const PAYMENTS = '/api/apps/{appId}/payments';
const OWN = '/live_api/apps/{appId}/membership';

/** Paid memberships of an app's end users (docs/product/memberships.md#calls). */
export const MEMBERSHIP_API_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: `${PAYMENTS}/token`,
    tag: 'Apps',
    summary: "Store the owner's Gumroad access token (checked with Gumroad, kept encrypted)",
    description: 'Needs sign-up on. Answers the Gumroad products; the token is never returned.',
    auth: 'builder',
    body: PaymentsTokenRequestSchema,
    responses: { 200: MembershipProductsResponseSchema },
    errors: [409, 502],
  },
  {
    method: 'get',
    path: `${PAYMENTS}/products`,
    tag: 'Apps',
    summary: "The owner's Gumroad products, with the stored token",
    auth: 'builder',
    query: z.object({ appId: z.string().optional(), accessToken: z.string().optional() }),
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
    summary: "The app's Gumroad ping URL (holds the app's secret)",
    auth: 'builder',
    responses: { 200: z.object({ notificationUrl: z.string() }) },
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
    auth: 'appUser',
    host: 'both',
    responses: { 200: MembershipCheckoutResponseSchema },
  },
  {
    method: 'post',
    path: `${OWN}/verify`,
    tag: 'App users',
    summary: "Look the end user's purchase up with the provider; answers their membership",
    auth: 'appUser',
    host: 'both',
    responses: { 200: MembershipStatusSchema },
    errors: [502],
  },
];
