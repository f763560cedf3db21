import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';

interface ErrorStateProps {
  message: string;
  onRetry: () => void;
}

/** A page that could not load: the reason and a retry. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <ThemeIcon size={72} radius="xl" variant="light" color="red">
          <IconCloudOff size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 22, sm: 28 }} c="copaiba.9">
          Não foi possível carregar esta página
        </Title>
        <Text c="dimmed" maw={460}>
          {message}
        </Text>
        <Button onClick={onRetry} leftSection={<IconRefresh size={18} />} variant="light" mt="sm">
          Tentar novamente
        </Button>
      </Stack>
    </Container>
  );
}
