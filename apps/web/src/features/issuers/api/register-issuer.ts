import { useMutation } from '@tanstack/react-query';
import { apiUpload, type UploadVariables } from '@/lib/api-upload';

/** POST /api/token-issuer/ (multipart, captcha) → 201 {message}; 409 {message} if already an issuer. */
export function registerIssuer({ form, onProgress }: UploadVariables) {
  return apiUpload<{ message: string }>('token-issuer/', { method: 'POST', form, onProgress });
}

export function useRegisterIssuer() {
  return useMutation({ mutationFn: registerIssuer });
}
