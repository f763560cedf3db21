import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { issuerKeys } from '@/lib/query-keys';
import type { UploadVariables } from './register-issuer';

/** PUT /api/token-issuer/ (multipart, only the changed fields) → 200 {message}. */
export function updateIssuer({ form, onProgress }: UploadVariables) {
  return apiUpload<{ message: string }>('token-issuer/', { method: 'PUT', form, onProgress });
}

export function useUpdateIssuer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIssuer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issuerKeys.own }),
  });
}
