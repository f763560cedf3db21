import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

/** The frame of the account's security screens (docs/product.md §19): title, intro, actions. */
export function SecurityPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  /** Beside the title (below it on phones). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size="md" py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
              {title}
            </Title>
            <Text c="dimmed" mt={6} maw={620}>
              {description}
            </Text>
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
