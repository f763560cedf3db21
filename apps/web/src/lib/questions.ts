import type { QuestionRow, QuestionsPage } from '@copaiba/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { questionKeys } from './query-keys';

/*
 * The offer forum's reads and the creator's answer (docs/product.md §16), shared by the token
 * page and 'Gestão de Tokens'.
 */

/** GET /api/token/{id}/questions/?page=N (10 a page; `unanswered`: only those still open). */
export function getQuestions(
  tokenId: number,
  page: number,
  unanswered = false,
): Promise<QuestionsPage> {
  const filter = unanswered ? '&unanswered=true' : '';
  return api.get<QuestionsPage>(`token/${tokenId}/questions/?page=${page}${filter}`);
}

export function useQuestions(
  tokenId: number,
  page: number,
  { unanswered = false, enabled = true }: { unanswered?: boolean; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: questionKeys.page(tokenId, page, unanswered),
    queryFn: () => getQuestions(tokenId, page, unanswered),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** POST /api/token/{id}/questions/{qid}/answer/ {answer} → 200 the answered question. */
export function answerQuestion(tokenId: number, questionId: number, answer: string) {
  return api.post<QuestionRow>(`token/${tokenId}/questions/${questionId}/answer/`, {
    json: { answer },
  });
}

/** The creator's answer; every list of questions (and the open counts) is read again after it. */
export function useAnswerQuestion(tokenId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, answer }: { questionId: number; answer: string }) =>
      answerQuestion(tokenId, questionId, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
