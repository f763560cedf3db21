import { useSyncExternalStore } from 'react';

/**
 * The toast container is loaded on the first toast, so pages that never show one (the landing
 * page) do not download it. notify.ts raises the signal; the app mounts the container.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
