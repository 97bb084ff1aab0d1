import { useQuery } from '@tanstack/react-query';
import { PublicConfigSchema, type PublicConfig } from '@tessera/contracts/auth';
import { apiFetch } from '../api';

/** What the server offers before anyone signs in (Google sign-in, the dev outbox). */
export function usePublicConfig(): PublicConfig | undefined {
  const { data } = useQuery({
    queryKey: ['config'],
    queryFn: () => apiFetch('/api/config', { schema: PublicConfigSchema }),
    staleTime: Infinity,
    retry: 2,
  });
  return data;
}
