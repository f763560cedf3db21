import { askQuestionBody, forumMessages, QUESTION_MAX, type QuestionRow } from '@copaiba/contracts';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconMessages } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AnswerQuestionForm } from '@/components/answer-question-form';
import { PagedCard } from '@/components/paged-card';
import { EmptyList } from '@/components/query-states';
import { QuestionItem } from '@/components/question-item';
import { TypedTextForm } from '@/components/typed-text-form';
import { errorMessage } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useQuestions } from '@/lib/questions';
import { scrollToSection } from '@/lib/section-scroll';
import { useAskQuestion } from '../api/ask-question';
import { useModerateQuestion } from '../api/moderate-question';
import classes from './token-detail.module.css';

/** An administrator hides an abusive question (or shows it again), after a confirmation. */
function ModerateButton({ question }: { question: QuestionRow }) {
  const [opened, setOpened] = useState(false);
  const moderate = useModerateQuestion();
  const hide = !question.hidden;
  const confirm = async () => {
    try {
      await moderate.mutateAsync({ questionId: question.id, hidden: hide });
      notifySuccess(hide ? forumMessages.hidden : forumMessages.shown);
      setOpened(false);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <>
      <Group justify="flex-end">
        <Button
          size="compact-sm"
          variant="subtle"
          color={hide ? 'red' : 'copaiba'}
          leftSection={hide ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          onClick={() => setOpened(true)}
          aria-label={`${hide ? 'Ocultar' : 'Mostrar'} a pergunta de ${question.author}`}
        >
          {hide ? 'Ocultar' : 'Mostrar'}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => !moderate.isPending && setOpened(false)}
        title={hide ? 'Ocultar pergunta' : 'Mostrar pergunta'}
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="lg">
          <Text size="sm">
            {hide
              ? 'A pergunta deixa de aparecer para os investidores. A ação fica registrada no log de auditoria e pode ser desfeita.'
              : 'A pergunta volta a aparecer para os investidores. A ação fica registrada no log de auditoria.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setOpened(false)}
              disabled={moderate.isPending}
            >
              Cancelar
            </Button>
            <Button
              color={hide ? 'red' : undefined}
              loading={moderate.isPending}
              onClick={() => void confirm()}
            >
              {hide ? 'Ocultar' : 'Mostrar'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The forum of a token for a signed-in person: ask, read 10 a page, answer (the token's creator)
 * and hide (administrators). Its own chunk, loaded as the section nears the screen.
 */
export default function QuestionBoard({ tokenId }: { tokenId: number }) {
  const [page, setPage] = useState(1);
  const list = useQuestions(tokenId, page);
  const ask = useAskQuestion(tokenId);
  const data = list.data;
  const { hash } = useLocation();
  const loaded = Boolean(data);

  // A link to the forum (a notification's) lands on it once its questions are in: the sections
  // above were laid out at their estimated height when the page first scrolled here.
  useEffect(() => {
    if (!loaded || hash !== '#section-questions') return;
    const frame = window.requestAnimationFrame(() => scrollToSection('section-questions'));
    return () => window.cancelAnimationFrame(frame);
  }, [loaded, hash]);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <TypedTextForm
          field="question"
          schema={askQuestionBody}
          label="Sua pergunta ao emissor"
          placeholder="Ex.: Como será usado o valor captado?"
          max={QUESTION_MAX}
          submitLabel="Enviar pergunta"
          send={async (text) => {
            const message = await ask.mutateAsync(text);
            setPage(1);
            return message;
          }}
        />
      </Paper>
      <PagedCard
        query={list}
        pager={{ page, setPage }}
        noun="perguntas"
        empty={
          <EmptyList
            message="Ainda não há perguntas sobre esta oferta. Faça a primeira."
            icon={IconMessages}
          />
        }
      >
        {(rows) => (
          <div>
            {rows.map((question) => (
              <QuestionItem key={question.id} question={question}>
                {data?.can_answer && question.answer === null && !question.hidden && (
                  <div className={classes.answerForm}>
                    <AnswerQuestionForm tokenId={tokenId} question={question} />
                  </div>
                )}
                {data?.can_moderate && <ModerateButton question={question} />}
              </QuestionItem>
            ))}
          </div>
        )}
      </PagedCard>
    </Stack>
  );
}
