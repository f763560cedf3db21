import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_SIZE, qrImageSource } from './qr-image';

const PREFIX = 'data:image/svg+xml;charset=utf-8,';
const URL_2FA =
  'otpauth://totp/Copa%C3%ADba:investidor%40copaiba.dev?secret=JBSWY3DPEHPK3PXP&issuer=Copa%C3%ADba&algorithm=SHA1&digits=6&period=30';

/** The dark modules drawn by the SVG's stroked path ("M x y.5 h n m dx dy ..."), as a grid. */
function drawnGrid(svg: string, side: number): boolean[][] {
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  const d = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg)?.[1];
  if (!d) throw new Error('no dark path');
  let x = 0;
  let y = 0;
  for (const [, cmd, args] of d.matchAll(/([MmHhVv])([^MmHhVv]*)/g)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (cmd === 'M') [x, y] = [n[0]!, n[1]!];
    else if (cmd === 'm') [x, y] = [x + n[0]!, y + n[1]!];
    else if (cmd === 'h') {
      for (let i = 0; i < n[0]!; i++) grid[Math.floor(y)]![x + i] = true;
      x += n[0]!;
    } else throw new Error(`unexpected ${cmd}`);
  }
  return grid;
}

describe('qrImageSource', () => {
  it('is an SVG data URL with every reserved character percent-encoded', async () => {
    const src = await qrImageSource(URL_2FA);
    expect(src.startsWith(PREFIX)).toBe(true);
    const body = src.slice(PREFIX.length);
    expect(body).not.toMatch(/[#<>"\s]/);
    expect(body).not.toMatch(/%(?![0-9A-F]{2})/);
    const svg = decodeURIComponent(body);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`width="${QR_SIZE}" height="${QR_SIZE}"`);
  });

  it('draws the encoded URL module for module, finder patterns and a 4-module quiet zone', async () => {
    const svg = decodeURIComponent((await qrImageSource(URL_2FA)).slice(PREFIX.length));
    const qr = QRCode.create(URL_2FA, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    const side = size + 8;
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    const grid = drawnGrid(svg, side);

    for (let row = 0; row < side; row++)
      for (let col = 0; col < side; col++) {
        const inside = row >= 4 && col >= 4 && row < size + 4 && col < size + 4;
        const dark = inside && qr.modules.get(row - 4, col - 4) === 1;
        expect(grid[row]![col], `module ${row},${col}`).toBe(dark);
      }

    // The three 7×7 finder patterns: dark ring, light ring, dark 3×3 core.
    const finder = (r0: number, c0: number) => {
      for (let r = 0; r < 7; r++)
        for (let c = 0; c < 7; c++) {
          const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
          expect(grid[r0 + r]![c0 + c]).toBe(ring !== 2);
        }
    };
    finder(4, 4);
    finder(4, size - 3);
    finder(size - 3, 4);
  });

  it('gives a different image for a different secret', async () => {
    const other = URL_2FA.replace('JBSWY3DPEHPK3PXP', 'KRSXG5CTMVRXEZLU');
    expect(await qrImageSource(other)).not.toBe(await qrImageSource(URL_2FA));
  });
});
