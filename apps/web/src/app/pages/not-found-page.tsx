import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import classes from './not-found-page.module.css';

export default function NotFoundPage() {
  usePageTitle('Página não encontrada');
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" gap="lg" ta="center">
        <Text className={classes.code} aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} c="copaiba.9">
          Ops! Parece que você se perdeu.
        </Title>
        <Button component={Link} to="/" size="md" leftSection={<IconArrowLeft size={18} />} mt="sm">
          Voltar à Página Inicial
        </Button>
      </Stack>
    </Container>
  );
}
