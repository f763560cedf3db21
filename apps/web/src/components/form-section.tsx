import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card of a long form (Dados da instituição, Condições da oferta, Fotos…). */
export function FormSection({ title, description, children }: FormSectionProps) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section">
      <Stack gap="md">
        <div>
          <Title order={2} fz={{ base: 18, sm: 20 }} c="copaiba.9">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
