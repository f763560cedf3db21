import type { IssuerFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { issuerKeys } from '@/lib/query-keys';

/** GET /api/token-issuer/ (creator) → the issuer's data as its form shows it. */
export function getOwnIssuer(): Promise<IssuerFormData> {
  return api.get<IssuerFormData>('token-issuer/');
}

export function useOwnIssuer() {
  return useQuery({ queryKey: issuerKeys.own, queryFn: getOwnIssuer, staleTime: 0 });
}
