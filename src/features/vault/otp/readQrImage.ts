import type { QrRequest } from './qrWorker';

// Reading a one-time code's QR code from an image the user picks or pastes (issue #23): drawn on a
// canvas in this page and decoded by jsQR in a worker (qrWorker.ts), so the image never leaves the
// browser and a large screenshot does not hold the page up.

/** Larger images are scaled down first: decoding time grows with the pixels, a QR code's modules stay readable. */
const MAX_SIDE = 2000;

/** Reads the QR code in an image; rejects when the image cannot be drawn or decoded. */
export type ReadQrImage = (image: Blob) => Promise<string | null>;

/** The image's pixels, scaled to at most MAX_SIDE on the longer side. */
async function pixelsOf(image: Blob): Promise<QrRequest> {
  const bitmap = await createImageBitmap(image);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context === null) throw new Error('No 2D canvas to read the image with');
    context.drawImage(bitmap, 0, 0, width, height);
    return { pixels: context.getImageData(0, 0, width, height).data, width, height };
  } finally {
    bitmap.close();
  }
}

/** The text of the QR code in `image`, or null when it holds none that can be read. */
export const readQrImage: ReadQrImage = async (image) => {
  const request = await pixelsOf(image);
  const worker = new Worker(new URL('./qrWorker.ts', import.meta.url), { type: 'module', name: 'keyloft-qr' });
  try {
    return await new Promise<string | null>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent<string | null>) => {
        resolve(event.data);
      });
      worker.addEventListener('error', (event) => {
        reject(new Error(`The QR code reader failed: ${event.message}`));
      });
      worker.postMessage(request, [request.pixels.buffer]);
    });
  } finally {
    worker.terminate();
  }
};
