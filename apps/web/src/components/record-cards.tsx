import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RecordCard {
  key: string | number;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Beside the title, e.g. a status badge or an amount. */
  aside?: ReactNode;
  fields: { label: string; value: ReactNode }[];
  /** Below the fields, at the right: the row's action. */
  footer?: ReactNode;
  /** data-* attributes for the card. */
  data?: Record<`data-${string}`, string | number>;
}

/** On a phone, a table's rows as stacked cards: every column readable without sideways scrolling. */
export function RecordCards({ items, label }: { items: RecordCard[]; label: string }) {
  return (
    <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper key={item.key} component="li" withBorder radius="md" p="sm" {...item.data}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Text>
              {item.subtitle && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {item.subtitle}
                </Text>
              )}
            </Stack>
            {item.aside}
          </Group>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
            {item.fields.map((field) => (
              <div key={field.label} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {field.label}
                </Text>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {field.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {item.footer && (
            <Group justify="flex-end" mt="sm">
              {item.footer}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
