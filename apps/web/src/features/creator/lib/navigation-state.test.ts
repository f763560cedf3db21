import { describe, expect, it } from 'vitest';
import { editedTokenId, projectTarget } from './navigation-state';

describe('navigation state of the creator screens', () => {
  it('edits a token only with isEdit and a numeric id', () => {
    expect(editedTokenId({ tokenId: 4, isEdit: true, tokenData: {} })).toBe(4);
    expect(editedTokenId({ tokenId: 4 })).toBeNull();
    expect(editedTokenId({ tokenId: '4', isEdit: true })).toBeNull();
    expect(editedTokenId(null)).toBeNull();
  });

  it('needs a token for the project form', () => {
    expect(projectTarget({ tokenId: 9, tokenName: 'Açaí', isEdit: true })).toEqual({
      tokenId: 9,
      tokenName: 'Açaí',
      isEdit: true,
    });
    expect(projectTarget({ tokenId: 9 })).toEqual({ tokenId: 9, tokenName: '', isEdit: false });
    expect(projectTarget(undefined)).toBeNull();
    expect(projectTarget({ tokenId: -1 })).toBeNull();
  });
});
