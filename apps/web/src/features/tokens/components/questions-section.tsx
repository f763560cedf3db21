import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadingRows } from '@/components/query-states';
import { sectionClass } from '@/components/section-nav';
import { WhenVisible } from '@/components/when-visible';
import { useIsLoggedIn } from '@/lib/session';
import classes from './token-detail.module.css';

const QuestionBoard = lazy(() => import('./question-board'));

/** Visitors are asked to sign in: the forum is read by investors (docs/product.md §16). */
function SignInToAsk() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" gap="md">
        <Text>Entre na sua conta para ler as perguntas dos investidores e fazer a sua.</Text>
        <Button component={Link} to="/login" leftSection={<IconLogin size={18} />}>
          Entrar
        </Button>
      </Group>
    </Paper>
  );
}

/** #section-questions, 'Perguntas e Respostas': the offer's public questions and answers. */
export function QuestionsSection({ tokenId }: { tokenId: number }) {
  const loggedIn = useIsLoggedIn();
  // Linked to directly (a notification): loaded at once, since the sections above may still move.
  const targeted = useLocation().hash === '#section-questions';
  const board = (
    <Suspense fallback={<LoadingRows rows={4} height={64} />}>
      <QuestionBoard tokenId={tokenId} />
    </Suspense>
  );
  return (
    <section
      id="section-questions"
      className={`${sectionClass} ${classes.section}`}
      aria-labelledby="questions-title"
    >
      <Title order={2} id="questions-title" className={classes.sectionTitle}>
        Perguntas e Respostas
      </Title>
      <Text c="dimmed" mb="lg" maw={760}>
        Pergunte ao emissor sobre esta oferta. As perguntas e as respostas ficam visíveis para todos
        os investidores.
      </Text>
      {!loggedIn ? (
        <SignInToAsk />
      ) : targeted ? (
        board
      ) : (
        <WhenVisible placeholder={<LoadingRows rows={4} height={64} />}>{board}</WhenVisible>
      )}
    </section>
  );
}
