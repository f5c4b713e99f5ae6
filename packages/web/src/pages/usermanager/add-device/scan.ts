import jsQR from 'jsqr';

/** The text of the QR code in an image drawn on a canvas, or null. */
export function readQrFrom(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): string | null {
  // Large photos are scaled down: the code stays readable and decoding stays fast.
  const scale = Math.min(1, 1280 / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The QR code of a photo file. */
export async function readQrFromFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return readQrFrom(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/**
 * Scans the camera's video until a code is read (or `stop` is called): one frame per animation
 * frame at most, so the page stays responsive.
 */
export function scanVideo(video: HTMLVideoElement, onCode: (text: string) => void): () => void {
  const canvas = document.createElement('canvas');
  let frame = 0;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (video.readyState >= video.HAVE_ENOUGH_DATA) {
      const text = readQrFrom(video, video.videoWidth, video.videoHeight, canvas);
      if (text) {
        onCode(text);
        return;
      }
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
  };
}
