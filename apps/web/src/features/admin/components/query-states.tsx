import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Placeholder rows while a list loads. */
export function LoadingRows({ rows = 5, height = 44 }: { rows?: number; height?: number }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label="Carregando">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="sm" />
      ))}
    </Stack>
  );
}

/** The server's reason (docs/product.md §8: admin lists show the detail) and a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title="Não foi possível carregar"
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <span>{message}</span>
        {onRetry && (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            Tentar novamente
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** An empty list: the product's sentence, with an icon. */
export function EmptyList({ message, icon }: { message: string; icon?: ReactNode }) {
  return (
    <EmptyState
      py="xl"
      variant="light"
      color="copaiba"
      icon={icon ?? <IconInbox size={26} stroke={1.6} />}
      title={message}
    />
  );
}
