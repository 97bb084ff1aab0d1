import { Alert } from '@tessera/ui';
import { isApiError } from '../../../shared/api';

/**
 * The message a form shows for a failed call: the server's text as is. Network failures already
 * raised a toast, so they show nothing inline.
 */
export function formErrorOf(err: unknown): string | null {
  if (isApiError(err)) return err.isNetwork ? null : err.message;
  return 'Something went wrong, please try again';
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert tone="error">{message}</Alert>;
}
