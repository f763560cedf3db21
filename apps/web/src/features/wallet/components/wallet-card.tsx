import { Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

/** The centred card of the deposit, withdrawal and two-factor screens. */
export function WalletCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size={620} py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} radius="lg">
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 30 }} c="copaiba.9">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
