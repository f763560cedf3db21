import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { creatorKeys } from '@/lib/query-keys';
import type { UploadVariables } from './upload';

/** PUT /api/token/update/{id} (multipart, only changed fields) → 201 {message}; 409 once issued. */
export function updateToken({ tokenId, form, onProgress }: UploadVariables & { tokenId: number }) {
  return apiUpload<{ message: string }>(`token/update/${tokenId}`, {
    method: 'PUT',
    form,
    onProgress,
  });
}

export function useUpdateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateToken,
    onSuccess: async (_result, { tokenId }) => {
      await queryClient.invalidateQueries({ queryKey: creatorKeys.registeredTokens });
      await queryClient.invalidateQueries({ queryKey: creatorKeys.token(tokenId) });
    },
  });
}
