import type { InvestorProfile } from '@copaiba/contracts';
import { api } from '@/lib/api-client';

export interface InvestorProfilePayload {
  annual_income: string;
  financial_investments: string;
  invested_elsewhere_this_year: string;
  is_qualified_investor: boolean;
}

/** PUT /api/investor/profile/: a new declaration; answers the profile with the year's limit. */
export function saveInvestorProfile(payload: InvestorProfilePayload) {
  return api.put<InvestorProfile>('investor/profile/', { json: payload });
}
