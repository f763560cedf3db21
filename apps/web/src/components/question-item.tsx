import type { QuestionRow } from '@copaiba/contracts';
import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconMessageCircleQuestion, IconMessageReply } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import classes from './question-item.module.css';

interface QuestionItemProps {
  question: QuestionRow;
  /** Below the answer (or in its place): the answer form, moderation buttons. */
  children?: ReactNode;
}

/**
 * One question of the offer forum and the issuer's answer, as typed: React writes them as text,
 * so markup in them shows as characters (docs/product.md §16).
 */
export function QuestionItem({ question, children }: QuestionItemProps) {
  return (
    <Box component="article" className={classes.item} aria-labelledby={`question-${question.id}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMessageCircleQuestion size={20} className={classes.icon} aria-hidden />
          <Stack gap={2} className={classes.text}>
            <Group gap={8} wrap="wrap">
              <Text fw={700} size="sm" id={`question-${question.id}`}>
                {question.author}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(question.asked_at)}
              </Text>
              {question.hidden && (
                <Badge color="red" variant="light" size="sm">
                  Oculta para os investidores
                </Badge>
              )}
            </Group>
            <Text className={classes.body}>{question.question}</Text>
          </Stack>
        </Group>
        {question.answer !== null ? (
          <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.answer}>
            <IconMessageReply size={20} className={classes.icon} aria-hidden />
            <Stack gap={2} className={classes.text}>
              <Group gap={8}>
                <Text fw={700} size="sm" c="copaiba.8">
                  Resposta do emissor
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(question.answered_at)}
                </Text>
              </Group>
              <Text className={classes.body}>{question.answer}</Text>
            </Stack>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" className={classes.pending}>
            Aguardando resposta do emissor.
          </Text>
        )}
        {children}
      </Stack>
    </Box>
  );
}
