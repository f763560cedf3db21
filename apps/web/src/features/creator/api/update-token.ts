import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadVariables } from '@/lib/api-upload';
import { creatorKeys } from '@/lib/query-keys';

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
