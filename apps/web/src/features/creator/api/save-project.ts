import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadVariables } from '@/lib/api-upload';
import { creatorKeys } from '@/lib/query-keys';

interface ProjectVariables extends UploadVariables {
  tokenId: number;
}

/** POST /api/project/{tokenId} (multipart) → 201 {message}; the token becomes Liberado. */
export function createProject({ tokenId, form, onProgress }: ProjectVariables) {
  return apiUpload<{ message: string }>(`project/${tokenId}`, { method: 'POST', form, onProgress });
}

/** PUT /api/project/{tokenId} (only changed fields; remove_<field>=true deletes a file) → 200. */
export function updateProject({ tokenId, form, onProgress }: ProjectVariables) {
  return apiUpload<{ message: string }>(`project/${tokenId}`, { method: 'PUT', form, onProgress });
}

function useInvalidateProject() {
  const queryClient = useQueryClient();
  return async (tokenId: number) => {
    await queryClient.invalidateQueries({ queryKey: creatorKeys.registeredTokens });
    await queryClient.invalidateQueries({ queryKey: creatorKeys.token(tokenId) });
    await queryClient.invalidateQueries({ queryKey: creatorKeys.project(tokenId) });
  };
}

export function useCreateProject() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (_r, { tokenId }) => invalidate(tokenId),
  });
}

export function useUpdateProject() {
  const invalidate = useInvalidateProject();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: (_r, { tokenId }) => invalidate(tokenId),
  });
}
