import { api } from '@/lib/api-client';

/**
 * POST /api/logout/ {refresh}: revokes the refresh token. Best effort and never throws; it does
 * not try a token refresh, which would only rotate the token it is about to revoke.
 */
export async function logout(access: string | null, refresh: string | null): Promise<void> {
  if (!refresh) return;
  try {
    await api.post('logout/', {
      json: { refresh },
      auth: false,
      headers: access ? { Authorization: `Bearer ${access}` } : undefined,
      signal: AbortSignal.timeout(4000),
    });
  } catch {
    // The tokens are removed locally whatever the server says.
  }
}
