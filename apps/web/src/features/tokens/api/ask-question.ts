import { forumMessages, type QuestionRow } from '@copaiba/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionKeys } from '@/lib/query-keys';

/** POST /api/token/{id}/questions/ {question} → 201 the question (10 an hour: 429). */
export function askQuestion(tokenId: number, question: string): Promise<QuestionRow> {
  return api.post<QuestionRow>(`token/${tokenId}/questions/`, { json: { question } });
}

/** Asks, then reads the token's questions again; resolves with the toast's message. */
export function useAskQuestion(tokenId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (question: string) => {
      await askQuestion(tokenId, question);
      return forumMessages.asked;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.token(tokenId) }),
  });
}
