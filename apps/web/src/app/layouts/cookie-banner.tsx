import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import classes from './cookie-banner.module.css';

/**
 * Tabler's cookie (MIT), drawn here: the icon library's component factory would be the entry's only
 * use of it (docs/PERFORMANCE.md, "Initial JavaScript of /").
 */
function CookieIcon({ className }: { className?: string }) {
  return (
    <svg
      width={28}
      height={28}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden
    >
      <path d="M8 13v.01M12 17v.01M12 12v.01M16 14v.01M11 8v.01" />
      <path d="M13.148 3.476l2.667 1.104a4 4 0 0 0 4.656 6.14l.053 .132a3 3 0 0 1 0 2.296q -.745 1.18 -1.024 1.852q -.283 .684 -.66 2.216a3 3 0 0 1 -1.624 1.623q -1.572 .394 -2.216 .661q -.712 .295 -1.852 1.024a3 3 0 0 1 -2.296 0q -1.203 -.754 -1.852 -1.024q -.707 -.292 -2.216 -.66a3 3 0 0 1 -1.623 -1.624q -.397 -1.577 -.661 -2.216q -.298 -.718 -1.024 -1.852a3 3 0 0 1 0 -2.296q .719 -1.116 1.024 -1.852q .257 -.62 .66 -2.216a3 3 0 0 1 1.624 -1.623q 1.547 -.384 2.216 -.661q .687 -.285 1.852 -1.024a3 3 0 0 1 2.296 0" />
    </svg>
  );
}

/** Shown until accepted; acceptance is kept as cookieAccepted = 'true' (docs/product.md §3). */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(
    () => readStorage(STORAGE_KEYS.cookieAccepted) === 'true',
  );
  if (accepted) return null;

  const accept = () => {
    writeStorage(STORAGE_KEYS.cookieAccepted, 'true');
    setAccepted(true);
  };

  return (
    <Paper
      className={classes.banner}
      shadow="lg"
      withBorder
      p="md"
      role="region"
      aria-label="Aviso de cookies"
    >
      <Group gap="md" wrap="nowrap" align="flex-start" className={classes.content}>
        <CookieIcon className={classes.icon} />
        <Text size="sm" className={classes.text}>
          Usamos cookies e o armazenamento do navegador para manter sua sessão segura e melhorar sua
          experiência. Ao continuar navegando, você concorda com essa utilização.
        </Text>
        <Button onClick={accept} size="sm" className={classes.button}>
          Aceitar
        </Button>
      </Group>
    </Paper>
  );
}
