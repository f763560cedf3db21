import type { IssuerFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const OWN_ISSUER_QUERY_KEY = ['own-issuer'] as const;

/** GET /api/token-issuer/ (creator) → the issuer's data as its form shows it. */
export function getOwnIssuer(): Promise<IssuerFormData> {
  return api.get<IssuerFormData>('token-issuer/');
}

export function useOwnIssuer() {
  return useQuery({ queryKey: OWN_ISSUER_QUERY_KEY, queryFn: getOwnIssuer, staleTime: 0 });
}
