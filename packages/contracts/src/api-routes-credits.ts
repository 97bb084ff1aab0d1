import { defineRoutes, type ApiRoute } from './api-route';
import {
  CREDIT_ADJUSTMENT_MAX,
  CreditAdjustmentRequestSchema,
  CreditAdjustmentResponseSchema,
  CreditHistoryResponseSchema,
  END_USERS_LIST_MAX,
  EndUsersQuerySchema,
  EndUsersResponseSchema,
} from './credits';

const USERS = '/api/apps/{appId}/end-users';

/** The app's end users and their credits, for its owner (docs/product/tools.md#credits). */
export const CREDIT_ROUTES = defineRoutes({
  listEndUsers: {
    method: 'get',
    path: USERS,
    tag: 'Tools',
    summary: "The app's end users with their credits and runs",
    description: `The newest ${END_USERS_LIST_MAX}, with the total; \`q\` keeps those whose e-mail or name contains it.`,
    auth: 'builder',
    query: EndUsersQuerySchema,
    responses: { 200: EndUsersResponseSchema },
  },
  creditHistory: {
    method: 'get',
    path: `${USERS}/{appUserId}/credits`,
    tag: 'Tools',
    summary: "One end user's credits and the changes made to them, newest first",
    auth: 'builder',
    responses: { 200: CreditHistoryResponseSchema },
  },
  adjustCredits: {
    method: 'post',
    path: `${USERS}/{appUserId}/credits`,
    tag: 'Tools',
    summary: "Add or remove an end user's credits, with a reason (kept in their history)",
    description: `Between -${CREDIT_ADJUSTMENT_MAX} and ${CREDIT_ADJUSTMENT_MAX}, not 0; a change that would take the balance below 0 is refused (409).`,
    auth: 'builder',
    body: CreditAdjustmentRequestSchema,
    responses: { 200: CreditAdjustmentResponseSchema },
    errors: [409],
  },
});
export const CREDITS_API_ROUTES: readonly ApiRoute[] = Object.values(CREDIT_ROUTES);
