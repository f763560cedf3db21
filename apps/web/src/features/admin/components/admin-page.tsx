import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

interface AdminPageProps {
  title: string;
  /** A line under the title (who or what the page is about). */
  description?: ReactNode;
  /** 'Voltar' link above the title. */
  back?: { to: string; label?: string };
  /** Buttons at the right of the title (below it on phones). */
  actions?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/** The frame of every administration screen: back link, title, actions, content. */
export function AdminPage({
  title,
  description,
  back,
  actions,
  size = 'xl',
  children,
}: AdminPageProps) {
  usePageTitle(title);
  return (
    <Container size={size} py={{ base: 24, sm: 48 }} w="100%">
      <Stack gap="lg">
        {back && (
          <Anchor
            component={Link}
            to={back.to}
            size="sm"
            fw={600}
            c="copaiba.8"
            w="fit-content"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            <IconArrowLeft size={16} aria-hidden />
            {back.label ?? 'Voltar'}
          </Anchor>
        )}
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} maw={720} miw={0}>
            <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm" component="div">
                {description}
              </Text>
            )}
          </Stack>
          {actions && (
            <Group gap="sm" wrap="wrap">
              {actions}
            </Group>
          )}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
