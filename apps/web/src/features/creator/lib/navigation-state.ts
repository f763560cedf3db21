/** Navigation state of /register-token (docs/product.md §2: tokenId, isEdit, tokenData). */
export interface RegisterTokenState {
  tokenId?: number;
  isEdit?: boolean;
  tokenData?: unknown;
}

/** Navigation state of /register-project (docs/product.md §2: tokenId, tokenName, isEdit, projectData). */
export interface RegisterProjectState {
  tokenId?: number;
  tokenName?: string;
  isEdit?: boolean;
  projectData?: unknown;
}

const positiveId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** The token being edited, or null for a new token. */
export function editedTokenId(state: unknown): number | null {
  const s = (state ?? {}) as RegisterTokenState;
  return s.isEdit ? positiveId(s.tokenId) : null;
}

/** The token whose project is registered or edited, with its name and the mode. */
export function projectTarget(
  state: unknown,
): { tokenId: number; tokenName: string; isEdit: boolean } | null {
  const s = (state ?? {}) as RegisterProjectState;
  const tokenId = positiveId(s.tokenId);
  if (tokenId === null) return null;
  return {
    tokenId,
    tokenName: typeof s.tokenName === 'string' ? s.tokenName : '',
    isEdit: s.isEdit === true,
  };
}
