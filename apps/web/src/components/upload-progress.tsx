import { Group, Progress, Stack, Text } from '@mantine/core';

/** How much of a multipart body has been sent (0–1), while a form with files is submitted. */
export function UploadProgress({ value }: { value: number | null }) {
  if (value === null) return null;
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100);
  const label = percent < 100 ? 'Enviando arquivos…' : 'Arquivos enviados. Processando…';
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {percent}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size="md"
        radius="xl"
        striped={percent >= 100}
        animated={percent >= 100}
        aria-label="Progresso do envio"
      />
    </Stack>
  );
}
