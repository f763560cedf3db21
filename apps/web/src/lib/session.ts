import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/**
 * The session is the pair of JWTs in localStorage (docs/product.md §4): logged in means BOTH are stored.
 * Components subscribe through useIsLoggedIn, so guards react at once to login, logout,
 * a failed refresh, or another tab logging out.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
const expiredListeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return readStorage(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readStorage(STORAGE_KEYS.refreshToken);
}

export function isLoggedIn(): boolean {
  return Boolean(getAccessToken() && getRefreshToken());
}

export function setTokens(access: string, refresh: string): void {
  writeStorage(STORAGE_KEYS.accessToken, access);
  writeStorage(STORAGE_KEYS.refreshToken, refresh);
  emit();
}

export function clearTokens(): void {
  removeStorage(STORAGE_KEYS.accessToken);
  removeStorage(STORAGE_KEYS.refreshToken);
  emit();
}

/**
 * Called when a refresh fails: both tokens go. With `redirect`, listeners (the app's router
 * bridge) send the person to /login; the user fetch expires the session silently.
 */
export function expireSession(mode: 'redirect' | 'silent'): void {
  clearTokens();
  if (mode === 'redirect') for (const listener of expiredListeners) listener();
}

export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.accessToken ||
      event.key === STORAGE_KEYS.refreshToken
    )
      listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}
