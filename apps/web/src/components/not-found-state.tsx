import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

interface NotFoundStateProps {
  title: string;
  text: string;
}

/** A friendly dead end (unknown token or issuer) with the way back to '/'. The page sets the tab title. */
export function NotFoundState({ title, text }: NotFoundStateProps) {
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="copaiba">
          <IconMapSearch size={38} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }} c="copaiba.9">
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {text}
        </Text>
        <Button component={Link} to="/" size="md" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Voltar à Página Inicial
        </Button>
      </Stack>
    </Container>
  );
}
