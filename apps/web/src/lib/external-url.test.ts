import { describe, expect, it } from 'vitest';
import { safeExternalUrl, urlHost } from './external-url';

describe('safeExternalUrl', () => {
  it('keeps http and https links', () => {
    expect(safeExternalUrl('https://www.youtube.com/watch?v=Kd5pAc2eYRs')).toBe(
      'https://www.youtube.com/watch?v=Kd5pAc2eYRs',
    );
    expect(safeExternalUrl(' http://coopjari.example.org ')).toBe('http://coopjari.example.org/');
  });

  it('drops scripts, data and junk', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,<script>1</script>')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});

describe('urlHost', () => {
  it('shows the host without www', () => {
    expect(urlHost('https://www.youtube.com/watch?v=1')).toBe('youtube.com');
    expect(urlHost('https://coopjari.example.org/')).toBe('coopjari.example.org');
  });
});
