import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadVariables } from '@/lib/api-upload';
import { issuerKeys } from '@/lib/query-keys';

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
