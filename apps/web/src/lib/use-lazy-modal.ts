import { useState } from 'react';

/**
 * A modal whose code loads at its first press (docs/CODE_STYLE.md): what it shows (`subject`,
 * null while closed) and whether it is mounted, which stays true once opened, so the modal can
 * play its closing transition.
 */
export function useLazyModal<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [mounted, setMounted] = useState(false);
  return {
    subject,
    mounted,
    open: (value: T) => {
      setMounted(true);
      setSubject(value);
    },
    close: () => setSubject(null),
  };
}
