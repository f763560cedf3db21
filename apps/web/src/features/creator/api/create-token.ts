import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadVariables } from '@/lib/api-upload';
import { creatorKeys } from '@/lib/query-keys';

/** POST /api/token/ (multipart) → 201 {message, id}; 403 {detail} without an issuer. */
export function createToken({ form, onProgress }: UploadVariables) {
  return apiUpload<{ message: string; id: number }>('token/', { method: 'POST', form, onProgress });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorKeys.registeredTokens }),
  });
}
