import { describe, expect, it } from 'vitest';
import { mediaRendition, mediaSrcSet } from './media';

describe('media renditions', () => {
  const url = '/media/images/d96ba93b4a80330620089f38.webp';

  it('names the smaller renditions after the original', () => {
    expect(mediaRendition(url, 480)).toBe('/media/images/d96ba93b4a80330620089f38-480.webp');
    expect(mediaRendition(url, 960)).toBe('/media/images/d96ba93b4a80330620089f38-960.webp');
    expect(mediaRendition(url, 1600)).toBe(url);
  });

  it('builds a srcset with width descriptors', () => {
    expect(mediaSrcSet(url)).toBe(
      '/media/images/d96ba93b4a80330620089f38-480.webp 480w, ' +
        '/media/images/d96ba93b4a80330620089f38-960.webp 960w, ' +
        '/media/images/d96ba93b4a80330620089f38.webp 1600w',
    );
  });

  it('leaves other URLs alone', () => {
    expect(mediaSrcSet('/media/docs/a.pdf')).toBeUndefined();
    expect(mediaSrcSet('https://example.org/a.png')).toBeUndefined();
    expect(mediaRendition('/favicon.svg', 480)).toBe('/favicon.svg');
  });
});
