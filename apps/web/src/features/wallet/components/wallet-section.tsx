import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card of /wallet, a landmark named by its title (axe checks each one on its own). */
export function WalletSection(props: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      shadow="xs"
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      component="section"
      aria-labelledby={`${props.id}-title`}
      id={props.id}
    >
      <Stack gap="md">
        <div>
          <Title id={`${props.id}-title`} order={2} fz={{ base: 20, sm: 24 }} c="copaiba.9">
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
        </div>
        {props.children}
      </Stack>
    </Paper>
  );
}
