// Reading a one-time code's QR code from an image the user picks or pastes (issue #23): drawn on a
// canvas in this page and decoded here with jsQR, so the image never leaves the browser. jsQR
// loads with the first image, not with the vault.

/** Larger images are scaled down first: decoding time grows with the pixels, a QR code's modules stay readable. */
const MAX_SIDE = 2000;

/** Reads the QR code in an image; rejects when the image cannot be drawn. */
export type ReadQrImage = (image: Blob) => Promise<string | null>;

/** The text of the QR code in `image`, or null when it holds none that can be read. */
export const readQrImage: ReadQrImage = async (image) => {
  const [{ default: jsQR }, bitmap] = await Promise.all([import('jsqr'), createImageBitmap(image)]);
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
    const pixels = context.getImageData(0, 0, width, height);
    return jsQR(pixels.data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  } finally {
    bitmap.close();
  }
};
