import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
}

/** A screen registered in the router whose content arrives in a later release. */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
          {title}
        </Title>
        <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
          <Stack align="center" gap="sm" py="xl">
            <ThemeIcon size={56} radius="xl" variant="light" color="copaiba">
              <IconPlant2 size={30} stroke={1.6} />
            </ThemeIcon>
            <Text c="dimmed" ta="center" maw={420}>
              Esta área está sendo preparada e estará disponível em breve.
            </Text>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
