import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { clearTokens, getAccessToken, getRefreshToken } from '@/lib/session';
import { logout } from '../api/logout';

/** docs/product.md §4: best-effort server logout, remove both tokens, go to /. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const access = getAccessToken();
    const refresh = getRefreshToken();
    clearTokens();
    // The request outlives the navigation; nothing waits for it.
    void logout(access, refresh);
    void navigate('/', { replace: true });
  }, [navigate]);

  return <PageLoader />;
}
