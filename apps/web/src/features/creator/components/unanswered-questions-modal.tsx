import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { IconMessageCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AnswerQuestionForm } from '@/components/answer-question-form';
import { PagedCard } from '@/components/paged-card';
import { EmptyList } from '@/components/query-states';
import { QuestionItem } from '@/components/question-item';
import { useQuestions } from '@/lib/questions';

interface UnansweredQuestionsModalProps {
  token: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}

/** 'Gestão de Tokens': the token's questions still without an answer, each with its answer form. */
export function UnansweredQuestionsModal({
  token,
  opened,
  onClose,
}: UnansweredQuestionsModalProps) {
  const [page, setPage] = useState(1);
  const list = useQuestions(token.id, page, { unanswered: true, enabled: opened });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Perguntas sem resposta · ${token.name}`}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Suas respostas ficam públicas na página do token, e quem perguntou é avisado.
        </Text>
        <Anchor
          component={Link}
          to={`/detail-token-issuer/${token.id}#section-questions`}
          size="sm"
          fw={600}
        >
          Ver todas as perguntas na página do token
        </Anchor>
        <PagedCard
          query={list}
          pager={{ page, setPage }}
          noun="perguntas"
          framed={false}
          empty={
            <EmptyList message="Todas as perguntas foram respondidas." icon={IconMessageCheck} />
          }
        >
          {(rows) => (
            <div>
              {rows.map((question) => (
                <QuestionItem key={question.id} question={question}>
                  <AnswerQuestionForm tokenId={token.id} question={question} />
                </QuestionItem>
              ))}
            </div>
          )}
        </PagedCard>
      </Stack>
    </Modal>
  );
}
