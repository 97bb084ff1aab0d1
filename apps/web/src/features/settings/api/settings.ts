import { StatusResponseSchema, type StatusResponse } from '@tessera/contracts/auth';
import { apiFetch } from '../../../shared/api';

/**
 * Changes the password and signs out the other devices. The answer may carry a new
 * `set-auth-token` (the current session is replaced), which apiFetch stores.
 */
export function changePassword(input: { currentPassword: string; newPassword: string }): Promise<unknown> {
  return apiFetch('/api/auth/change-password', { method: 'POST', body: { ...input, revokeOtherSessions: true } });
}

/** Mails a confirmation link to the new address; the change happens when it is opened. */
export function requestEmailChange(newEmail: string): Promise<StatusResponse> {
  return apiFetch('/api/live_api/account/completeEmailChange', {
    method: 'POST',
    body: { newEmail },
    schema: StatusResponseSchema,
  });
}
