import type { InvestorProfile, RiskTerm } from '@copaiba/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { ARRIVAL_READ_FRESH_MS, investorKeys } from './query-keys';

/*
 * Investor protection (docs/product.md §15), read by the investor profile, the wallet and the
 * purchase: what is left of the year's limit, and whether the risk term must be accepted first.
 */

/** GET /api/investor/profile/. */
export function getInvestorProfile(): Promise<InvestorProfile> {
  return api.get<InvestorProfile>('investor/profile/');
}

export const investorProfileQuery = queryOptions({
  queryKey: investorKeys.profile,
  queryFn: getInvestorProfile,
  staleTime: ARRIVAL_READ_FRESH_MS,
});

export function useInvestorProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...investorProfileQuery, enabled });
}

/** GET /api/investor/risk-term/: the current term and when the user accepted it. */
export function useRiskTerm({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: investorKeys.riskTerm,
    queryFn: () => api.get<RiskTerm>('investor/risk-term/'),
    enabled,
    staleTime: 0,
  });
}

/** POST /api/investor/risk-term/ {version}: accepts that version of the term. */
export function acceptRiskTerm(version: string) {
  return api.post<{ message: string }>('investor/risk-term/', { json: { version } });
}
