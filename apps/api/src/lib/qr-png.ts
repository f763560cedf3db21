import QRCode from 'qrcode';
import { loadSharp } from './media.ts';

/** The image is at least this wide, each module a whole number of pixels. */
const MIN_SIDE_PX = 320;
const QUIET_ZONE_MODULES = 1;

/**
 * `text` as a QR code (error correction M) in a PNG data URL, black on white, each module a square
 * of whole pixels. The pixels are laid out here and sharp writes the PNG (two colours, one bit a
 * pixel) on its own threads: qrcode's PNG filtered 320×320 RGBA pixels in JavaScript, ~12 ms of the
 * event loop a deposit against ~2 ms now (docs/PERFORMANCE.md).
 */
export async function qrPngDataUrl(text: string): Promise<string> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_ZONE_MODULES;
  const scale = Math.ceil(MIN_SIDE_PX / side);
  const px = side * scale;
  const pixels = Buffer.alloc(px * px, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const left = (col + QUIET_ZONE_MODULES) * scale;
      for (let y = (row + QUIET_ZONE_MODULES) * scale, end = y + scale; y < end; y++)
        pixels.fill(0, y * px + left, y * px + left + scale);
    }
  }
  const sharp = await loadSharp();
  const png = await sharp(pixels, { raw: { width: px, height: px, channels: 1 } })
    .png({ palette: true, colours: 2, effort: 1, dither: 0 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
