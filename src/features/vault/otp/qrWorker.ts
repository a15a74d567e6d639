// Decodes a QR code from an image's pixels, off the main thread (readQrImage.ts draws the image).
// A worker of its own also keeps jsQR, a CommonJS bundle, out of the app's chunk graph.
import jsQR from 'jsqr';

export interface QrRequest {
  readonly pixels: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
}

self.addEventListener('message', (event: MessageEvent<QrRequest>) => {
  const { pixels, width, height } = event.data;
  const found = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' });
  self.postMessage(found?.data ?? null);
});
