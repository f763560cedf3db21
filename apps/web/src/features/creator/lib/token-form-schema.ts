import {
  tokenFieldsBase,
  withTokenRules,
  workspaceMessages,
  type TokenFormData,
} from '@copaiba/contracts';
import type { z } from 'zod';
import { fileSchema, type FileKind } from '@/lib/file-checks';

export const TOKEN_FILES = {
  project_blade: { kind: 'pdf', missing: workspaceMessages.bladeMissing },
  operation_flow: { kind: 'image', missing: workspaceMessages.flowMissing },
  project_structure: { kind: 'image', missing: workspaceMessages.structureMissing },
} as const satisfies Record<string, { kind: FileKind; missing: string }>;
export type TokenFileField = keyof typeof TOKEN_FILES;
export const TOKEN_FILE_FIELDS = Object.keys(TOKEN_FILES) as TokenFileField[];

export type TokenTextField = keyof typeof tokenFieldsBase.shape;
export const TOKEN_TEXT_FIELDS = Object.keys(tokenFieldsBase.shape) as TokenTextField[];

/**
 * Cadastrar Token: the contracts' token fields and cross-field rules (tokenRuleIssues, the same
 * messages as the server), plus the three files — required, unless already stored (docs/product.md §5).
 */
export function tokenFormSchema(stored: Partial<Record<TokenFileField, string | null>> = {}) {
  const file = (field: TokenFileField) =>
    fileSchema(TOKEN_FILES[field].kind, {
      missing: TOKEN_FILES[field].missing,
      hasStored: !!stored[field],
    });
  return withTokenRules(
    tokenFieldsBase.extend({
      project_blade: file('project_blade'),
      operation_flow: file('operation_flow'),
      project_structure: file('project_structure'),
    }),
  );
}

export type TokenFormValues = z.input<ReturnType<typeof tokenFormSchema>>;

/** Form values (all text, as the API takes them) from a stored token, or empty. */
export function tokenFormDefaults(data?: TokenFormData): TokenFormValues {
  return {
    name: data?.name ?? '',
    symbol: data?.symbol ?? '',
    unit_price: data?.unit_price ?? '',
    practiced_interest_rate: data?.practiced_interest_rate ?? '',
    minimum_amount_raised: data?.minimum_amount_raised ?? '',
    maximum_amount_raised: data?.maximum_amount_raised ?? '',
    quantity: data ? String(data.quantity) : '',
    deadline_for_funding: data?.deadline_for_funding ?? '',
    installments: data ? String(data.installments) : '',
    first_date_installment: data?.first_date_installment ?? '',
    bank_details_for_receipt: data?.bank_details_for_receipt ?? '',
    project_blade: null,
    operation_flow: null,
    project_structure: null,
  };
}

/** A symbol is compared upper-cased (the server stores it so). */
export const tokenNormalizers = { symbol: (value: string) => value.toUpperCase() };
