/** @tessera/contracts/credits: End users' credits and the builder's adjustments. */
export {
  CREDIT_ADJUSTMENT_MAX,
  CREDIT_REASON_MAX_LENGTH,
  END_USERS_LIST_MAX,
  CREDIT_HISTORY_MAX,
  CREDITS_MESSAGES,
  EndUsersQuerySchema,
  EndUserCreditsSchema,
  EndUsersResponseSchema,
  CreditAdjustmentRequestSchema,
  CreditAdjustmentSchema,
  CreditHistoryResponseSchema,
  CreditAdjustmentResponseSchema,
  type EndUsersQuery,
  type EndUserCredits,
  type EndUsersResponse,
  type CreditAdjustmentRequest,
  type CreditAdjustment,
  type CreditHistoryResponse,
  type CreditAdjustmentResponse,
} from '../credits';
export { CREDIT_ROUTES } from '../api-routes-credits';
