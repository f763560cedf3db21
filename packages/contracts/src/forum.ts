import { z } from 'zod';
import { requiredOrInvalid } from './fields.ts';
import { pageQuery, paginated } from './pagination.ts';

/** The offer forum: questions about an offer and the issuer's answers (docs/product.md §16). */
export const QUESTION_MIN = 10;
export const QUESTION_MAX = 1000;
export const ANSWER_MAX = 2000;
/** Questions one person may ask per rolling hour, across every token. */
export const QUESTIONS_PER_HOUR = 10;

export const forumMessages = {
  questionTooShort: `A pergunta deve ter pelo menos ${QUESTION_MIN} caracteres.`,
  questionTooLong: `A pergunta deve ter no máximo ${QUESTION_MAX} caracteres.`,
  answerRequired: 'Escreva a resposta.',
  answerTooLong: `A resposta deve ter no máximo ${ANSWER_MAX} caracteres.`,
  forbiddenCharacter: 'O texto contém um caractere não permitido.',
  asked: 'Pergunta enviada! O emissor será avisado.',
  answered: 'Resposta publicada.',
  tooManyQuestions: `Você já enviou ${QUESTIONS_PER_HOUR} perguntas na última hora. Tente novamente mais tarde.`,
  tokenNotFound: 'Token não encontrado.',
  questionNotFound: 'Pergunta não encontrada.',
  alreadyAnswered: 'Esta pergunta já foi respondida.',
  hidden: 'Pergunta ocultada. Ela não aparece mais para os investidores.',
  shown: 'Pergunta visível novamente.',
} as const;

/** A text a person types, stored as typed (trimmed); a NUL byte cannot be stored. */
const typedText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(min, tooShort)
    .max(max, tooLong)
    .refine((text) => !text.includes('\u0000'), forumMessages.forbiddenCharacter);

/** POST /api/token/{id}/questions/. */
export const askQuestionBody = z.object({
  question: typedText(
    QUESTION_MIN,
    QUESTION_MAX,
    forumMessages.questionTooShort,
    forumMessages.questionTooLong,
  ),
});
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/** POST /api/token/{id}/questions/{qid}/answer/. */
export const answerQuestionBody = z.object({
  answer: typedText(1, ANSWER_MAX, forumMessages.answerRequired, forumMessages.answerTooLong),
});
export type AnswerQuestionBody = z.infer<typeof answerQuestionBody>;

/** PATCH /api/admins/questions/{qid}/: an administrator hides (or shows again) a question. */
export const moderateQuestionBody = z.object({ hidden: z.boolean({ error: requiredOrInvalid }) });

const notFound = 'Não encontrado.';
const pathId = z.coerce
  .number({ error: notFound })
  .int(notFound)
  .min(1, notFound)
  .max(Number.MAX_SAFE_INTEGER, notFound);
export const questionParams = z.object({ id: pathId, qid: pathId });
export const questionIdParam = z.object({ qid: pathId });

/** GET /api/token/{id}/questions/?page=&unanswered=true (the creator's list of what is open). */
export const questionsQuery = pageQuery.extend({
  unanswered: z.enum(['true', 'false'], { error: 'Use true ou false.' }).optional(),
});

/** A question and its answer; `author` is the asker's first name only. */
export const questionRow = z.object({
  id: z.number(),
  author: z.string(),
  question: z.string(),
  asked_at: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  /** Only administrators see hidden questions (marked, to show them again). */
  hidden: z.boolean(),
});
export type QuestionRow = z.infer<typeof questionRow>;

export const questionsPage = paginated(questionRow).extend({
  /** The viewer created this token: answer forms are shown. */
  can_answer: z.boolean(),
  /** The viewer is an administrator: hide and show buttons are shown. */
  can_moderate: z.boolean(),
});
export type QuestionsPage = z.infer<typeof questionsPage>;

/** GET /api/token-issuer/unanswered-questions/: per token of the creator, the open questions. */
export const unansweredQuestions = z.object({
  results: z.array(z.object({ token_id: z.number(), unanswered: z.number() })),
});
export type UnansweredQuestions = z.infer<typeof unansweredQuestions>;
