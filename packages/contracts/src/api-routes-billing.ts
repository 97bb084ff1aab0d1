import { z } from 'zod';
import { AccountSchema } from './accounts';
import {
  AdminBuilderSchema,
  AdminBuildersQuerySchema,
  AdminBuildersResponseSchema,
  AdminUpdateBuilderSchema,
  InstallSettingsSchema,
  UpdateInstallSettingsSchema,
} from './admin';
import { defineRoutes, type ApiRoute } from './api-route';
import {
  BillingSubscriptionSchema,
  CheckoutRequestSchema,
  CheckoutResponseSchema,
  GumroadClaimRequestSchema,
  PaidPlansResponseSchema,
  PortalResponseSchema,
} from './plan-catalogue';

const Received = z.object({ received: z.literal(true) });

/** Builder plans, their checkout and the payment providers' callbacks (docs/product/accounts-and-plans.md#calls). */
export const BILLING_API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/live_api/app/paidPlans',
    tag: 'Billing',
    summary: 'The plan cards offered to builders',
    description:
      "The operator's catalogue (PLANS_FILE) with prices, checkout options and limits; `appId` is accepted and ignored.",
    auth: 'none',
    query: z.object({ appId: z.string().optional() }),
    responses: { 200: PaidPlansResponseSchema },
  },
  {
    method: 'post',
    path: '/api/billing/checkout',
    tag: 'Billing',
    summary: 'Start a Stripe Checkout for a plan',
    description: 'Answers the hosted checkout URL; the signed webhook grants the plan once paid.',
    auth: 'builder',
    body: CheckoutRequestSchema,
    responses: { 200: CheckoutResponseSchema },
    errors: [404, 502],
  },
  {
    method: 'get',
    path: '/api/billing/subscription',
    tag: 'Billing',
    summary: "Who bills the builder's plan",
    auth: 'builder',
    responses: { 200: BillingSubscriptionSchema },
  },
  {
    method: 'post',
    path: '/api/billing/portal',
    tag: 'Billing',
    summary: "The Stripe customer portal of the builder's subscription",
    auth: 'builder',
    responses: { 200: PortalResponseSchema },
    errors: [404, 502],
  },
  {
    method: 'post',
    path: '/api/billing/gumroad/claim',
    tag: 'Billing',
    summary: 'Claim a Gumroad purchase by its sale_id',
    description: "Verified with Gumroad's API; a sale already linked to another builder is a 409.",
    auth: 'builder',
    body: GumroadClaimRequestSchema,
    responses: { 200: AccountSchema },
    errors: [409, 502],
  },
  {
    method: 'post',
    path: '/api/billing/stripe/webhook',
    tag: 'Billing',
    summary: "Stripe's webhook (signed)",
    description: 'Verified with STRIPE_WEBHOOK_SECRET; each event applies once, the newest state winning.',
    auth: 'none',
    responses: { 200: Received },
  },
  {
    method: 'post',
    path: '/api/billing/gumroad/ping',
    tag: 'Billing',
    summary: "Gumroad's ping (form fields)",
    description:
      "`?secret=` must be GUMROAD_PING_SECRET; what the ping says is read back from Gumroad's API. Each sale applies once.",
    auth: 'none',
    query: z.object({ secret: z.string() }),
    responses: { 200: Received },
    errors: [401, 502],
  },
];

/** The operators' admin screen: builders, their plan and usage; plan by hand; disable. */
export const ADMIN_ROUTES = defineRoutes({
  listBuilders: {
    method: 'get',
    path: '/api/admin/builders',
    tag: 'Account',
    summary: 'Builders with their plan and usage (admins only)',
    auth: 'builder',
    query: AdminBuildersQuerySchema,
    responses: { 200: AdminBuildersResponseSchema },
    errors: [403],
  },
  updateBuilder: {
    method: 'patch',
    path: '/api/admin/builders/{accountId}',
    tag: 'Account',
    summary: "Change a builder's plan by hand, or disable / enable the user (admins only)",
    description: 'A plan given by hand counts like a subscription: a paid plan still running keeps its tier at least.',
    auth: 'builder',
    body: AdminUpdateBuilderSchema,
    responses: { 200: AdminBuilderSchema },
    errors: [403],
  },
  getSettings: {
    method: 'get',
    path: '/api/admin/settings',
    tag: 'Account',
    summary: "The install's settings: the builders' default plan, the payment providers (admins only)",
    auth: 'builder',
    responses: { 200: InstallSettingsSchema },
    errors: [403],
  },
  updateSettings: {
    method: 'put',
    path: '/api/admin/settings',
    tag: 'Account',
    summary: "Choose the builders' default plan (admins only)",
    description: 'Every builder has at least this plan from now on; a paid or hand-given higher plan stays.',
    auth: 'builder',
    body: UpdateInstallSettingsSchema,
    responses: { 200: InstallSettingsSchema },
    errors: [403],
  },
});
export const ADMIN_API_ROUTES: readonly ApiRoute[] = Object.values(ADMIN_ROUTES);
