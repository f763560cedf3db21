import { Alert, Button, EmptyState, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconRefresh, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Placeholder rows while a list loads. */
export function LoadingRows({ rows = 5, height = 44 }: { rows?: number; height?: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="sm" />
      ))}
    </Stack>
  );
}

interface LoadErrorProps {
  /** The server's reason (docs/product.md §8). */
  message: ReactNode;
  title?: string;
  onRetry?: () => void;
  /** Other ways on beside 'Tentar novamente', e.g. a link back to the list. */
  children?: ReactNode;
}

/** What could not load, the server's reason and a retry. */
export function LoadError({
  message,
  title = 'Não foi possível carregar',
  onRetry,
  children,
}: LoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title={title}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <span>{message}</span>
        {(onRetry || children) && (
          <Group gap="xs">
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
            {children}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** An empty list: the product's sentence, with an icon of what the list holds. */
export function EmptyList({
  message,
  icon: ListIcon = IconInbox,
}: {
  message: string;
  icon?: Icon;
}) {
  return (
    <EmptyState
      py="xl"
      variant="light"
      color="copaiba"
      icon={<ListIcon size={26} stroke={1.6} />}
      title={message}
    />
  );
}
