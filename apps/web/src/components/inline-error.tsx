import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface InlineErrorProps {
  title: string;
  message: string;
  onRetry: () => void;
}

/** A block that failed to load, with a retry; light enough for the landing bundle. */
export function InlineError({ title, message, onRetry }: InlineErrorProps) {
  return (
    <Paper
      withBorder
      p="lg"
      radius="lg"
      role="alert"
      bg="red.0"
      bd="1px solid var(--mantine-color-red-2)"
    >
      <Group justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={20} />
          </ThemeIcon>
          <div>
            <Text fw={700} c="red.9">
              {title}
            </Text>
            <Text size="sm" c="red.9">
              {message}
            </Text>
          </div>
        </Group>
        <Button size="sm" variant="white" color="red" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Group>
    </Paper>
  );
}
