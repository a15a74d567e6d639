// Reads back what a rendered <QrCode> encodes: its SVG modules painted into pixels, decoded by jsQR.
import jsQR from 'jsqr';

export function readQrCode(svg: Element): string {
  const modules = Number(svg.getAttribute('data-modules'));
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const scale = 4;
  const width = modules * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, xs, ys] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const x0 = Number(xs) * scale;
    const y0 = Number(ys) * scale;
    for (let y = y0; y < y0 + scale; y++) {
      for (let x = x0; x < x0 + scale; x++) {
        const at = (y * width + x) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 0;
      }
    }
  }
  const decoded = jsQR(pixels, width, width);
  if (decoded === null) throw new Error('the QR code could not be read');
  return decoded.data;
}
