import {
  ANSWER_MAX,
  answerQuestionBody,
  forumMessages,
  type QuestionRow,
} from '@copaiba/contracts';
import { useAnswerQuestion } from '@/lib/questions';
import { TypedTextForm } from './typed-text-form';

/** The token creator's answer to one question (docs/product.md §16), once. */
export function AnswerQuestionForm({
  tokenId,
  question,
}: {
  tokenId: number;
  question: Pick<QuestionRow, 'id' | 'author'>;
}) {
  const answer = useAnswerQuestion(tokenId);
  return (
    <TypedTextForm
      field="answer"
      schema={answerQuestionBody}
      label={`Sua resposta a ${question.author}`}
      max={ANSWER_MAX}
      submitLabel="Publicar resposta"
      send={async (text) => {
        await answer.mutateAsync({ questionId: question.id, answer: text });
        return forumMessages.answered;
      }}
    />
  );
}
