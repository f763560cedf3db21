import { describe, expect, it } from 'vitest';
import { changedFields, nothingChanged } from './changed-fields';

describe('changedFields', () => {
  const initial = {
    name: 'Açaí do Marajó',
    unit_price: '1500.00',
    quantity: 1000,
    phone: '5591999990000',
    video_link2: null,
  };

  it('returns nothing when the values are those loaded (trimmed, numbers as text)', () => {
    const changes = changedFields(initial, {
      name: ' Açaí do Marajó ',
      unit_price: '1500.00',
      quantity: '1000',
      phone: '5591999990000',
      video_link2: '',
      project_blade: null,
    });
    expect(changes).toEqual({});
    expect(nothingChanged(changes)).toBe(true);
  });

  it('keeps only the changed text, trimmed', () => {
    expect(
      changedFields(initial, {
        name: 'Açaí Manejado ',
        unit_price: '1500.00',
        quantity: '1000',
        phone: '5591999990000',
        video_link2: 'https://video.example/2',
      }),
    ).toEqual({ name: 'Açaí Manejado', video_link2: 'https://video.example/2' });
  });

  it('sends a cleared optional field as an empty string', () => {
    expect(changedFields({ video_link2: 'https://a.example' }, { video_link2: '' })).toEqual({
      video_link2: '',
    });
  });

  it('compares through a normaliser (a masked phone is the same phone)', () => {
    const onlyDigits = (v: string) => v.replace(/\D/g, '');
    expect(
      changedFields(
        { phone: '5591999990000' },
        { phone: '+55 (91) 9 9999-0000' },
        { phone: onlyDigits },
      ),
    ).toEqual({});
  });

  it('counts a chosen file and a raised flag, never an unchosen file', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    expect(
      changedFields(
        {},
        { logo_image: file, token_issuer_image: null, remove_deed_of_credit: true, other: false },
      ),
    ).toEqual({ logo_image: file, remove_deed_of_credit: true });
  });
});
