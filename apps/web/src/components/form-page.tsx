import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';
import { UploadProgress } from './upload-progress';

interface FormPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of a long workspace form: page title, intro, then the section cards. */
export function FormPage({ title, description, children }: FormPageProps) {
  usePageTitle(title);
  return (
    <Container size={960} py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }} c="copaiba.9">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" mt={6} maw={680}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Container>
  );
}

interface FormActionsProps {
  /** Upload progress (0–1) while files are sent; null otherwise. */
  progress?: number | null;
  children: ReactNode;
}

/** The last card of a form: upload progress and the buttons. */
export function FormActions({ progress = null, children }: FormActionsProps) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <UploadProgress value={progress} />
        {children}
      </Stack>
    </Paper>
  );
}
