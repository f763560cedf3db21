import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from '@/lib/query-keys';

/** GET /api/twoauth/ → the otpauth URL (409 when already active). */
export function getTwoFactorUrl() {
  return api.get<{ url: string }>('twoauth/');
}

/** The GET generates the TOTP secret: asked once per visit, never refetched (the QR would change) nor kept. */
export function useTwoFactorUrl() {
  return useQuery({
    queryKey: walletKeys.twoFactorUrl,
    queryFn: getTwoFactorUrl,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
