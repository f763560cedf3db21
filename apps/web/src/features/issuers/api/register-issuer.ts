import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

export interface UploadVariables {
  form: FormData;
  onProgress?: (fraction: number) => void;
}

/** POST /api/token-issuer/ (multipart, captcha) → 201 {message}; 409 {message} if already an issuer. */
export function registerIssuer({ form, onProgress }: UploadVariables) {
  return apiUpload<{ message: string }>('token-issuer/', { method: 'POST', form, onProgress });
}

export function useRegisterIssuer() {
  return useMutation({ mutationFn: registerIssuer });
}
