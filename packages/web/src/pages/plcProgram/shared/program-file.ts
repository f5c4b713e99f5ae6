import { MAX_PROGRAM_BYTES } from '@cloudbox/domain';

/** A program file as the upload screen shows it before sending: its bytes, and their SHA-256 when the browser can compute it. */
export interface ProgramFile {
  name: string;
  size: number;
  bytes: Uint8Array;
  /** Hex; null where the browser has no Web Crypto (a plain-http page on another host): the server's answer tells it. */
  sha256: string | null;
}

export const tooLarge = (size: number) => size > MAX_PROGRAM_BYTES;

export function hex(digest: ArrayBuffer): string {
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Of(bytes: Uint8Array): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return hex(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** `a1b2c3d4…e5f6a7b8`: a digest short enough for a table cell, its ends enough to compare. */
export function shortDigest(sha256: string): string {
  return sha256.length > 20 ? `${sha256.slice(0, 8)}…${sha256.slice(-8)}` : sha256;
}

/** A delivery's progress in percent: chunks acknowledged of all, 100 once done. */
export function deliveryPercent(delivery: { state: string; chunks_acked: number; chunks_total: number }): number {
  if (delivery.state === 'done') return 100;
  if (delivery.chunks_total === 0) return 0;
  return Math.min(99, Math.floor((delivery.chunks_acked / delivery.chunks_total) * 100));
}
