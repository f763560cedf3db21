import type { UnansweredQuestions } from '@copaiba/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionKeys } from '@/lib/query-keys';

/** GET /api/token-issuer/unanswered-questions/ → per token of the creator, its open questions. */
export function getUnansweredQuestions(): Promise<UnansweredQuestions> {
  return api.get<UnansweredQuestions>('token-issuer/unanswered-questions/');
}

/** The open questions per token id (a token without any is absent). */
export function useUnansweredQuestions() {
  return useQuery({
    queryKey: questionKeys.unanswered,
    queryFn: getUnansweredQuestions,
    select: (data) => new Map(data.results.map((r) => [r.token_id, r.unanswered])),
    staleTime: 0,
  });
}
