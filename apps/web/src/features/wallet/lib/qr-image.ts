import QRCode from 'qrcode';

/** The side of the QR image in CSS pixels; the SVG scales without blurring. */
export const QR_SIZE = 220;

/**
 * A QR code of `text` as an `<img>` source: an SVG in a `data:` URL, which the server's CSP allows
 * (img-src 'self' data: blob:) and which runs no script. Error correction M, the standard
 * four-module quiet zone, black on white so every phone camera reads it.
 */
export async function qrImageSource(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: QR_SIZE,
    color: { dark: '#000000', light: '#ffffff' },
  });
  // Percent-encoded: a raw '#' (the colours) would end the URL at a fragment and break the image.
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
