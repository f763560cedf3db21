import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Logo } from '@/components/logo';

/** When a screen fails to load (e.g. a new release replaced its file), offer a reload. */
export function RouteErrorPage() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="lg" ta="center">
        <Logo size={40} />
        <Title order={1} fz={26} c="copaiba.9">
          Desculpe, tente novamente mais tarde.
        </Title>
        <Text c="dimmed">Não foi possível carregar esta página.</Text>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </Stack>
    </Container>
  );
}
