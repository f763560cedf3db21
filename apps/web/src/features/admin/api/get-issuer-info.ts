import type { IssuerFormData } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

/** GET /api/admins/creator/{id}/issuer/ (Dados do Emissor); 404 {detail} when there is none. */
export function getIssuerInfo(id: number): Promise<IssuerFormData> {
  return api.get<IssuerFormData>(`admins/creator/${id}/issuer/`);
}

export function useIssuerInfo(id: number) {
  return useQuery({
    queryKey: adminKeys.issuer(id),
    queryFn: () => getIssuerInfo(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}
