import type { QuestionRow } from '@copaiba/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionKeys } from '@/lib/query-keys';

/** PATCH /api/admins/questions/{qid}/ {hidden} → 200 the question (administrators; audited). */
export function moderateQuestion(questionId: number, hidden: boolean): Promise<QuestionRow> {
  return api.patch<QuestionRow>(`admins/questions/${questionId}/`, { json: { hidden } });
}

export function useModerateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, hidden }: { questionId: number; hidden: boolean }) =>
      moderateQuestion(questionId, hidden),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
