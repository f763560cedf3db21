import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { managerKeys } from '@/lib/query-keys';

export interface Reports {
  tokenId: number;
  report?: File | null;
  indicators?: File | null;
}

/** PUT /api/project-manager/{tokenId} multipart `report` and/or `indicators` (PDF) → 200 {message}. */
export function sendReports({ tokenId, report, indicators }: Reports) {
  const form = new FormData();
  if (report) form.append('report', report);
  if (indicators) form.append('indicators', indicators);
  return api.put<{ message: string }>(`project-manager/${tokenId}`, { form });
}

export function useSendReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReports,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.projects }),
  });
}
