import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import classes from './cookie-banner.module.css';

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
        <IconCookie size={28} stroke={1.6} className={classes.icon} aria-hidden />
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
