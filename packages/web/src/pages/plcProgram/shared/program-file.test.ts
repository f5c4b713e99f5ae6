import { describe, expect, it } from 'vitest';
import { deliveryPercent, sha256Of, shortDigest } from './program-file';

describe('a program file before its upload', () => {
  it('computes the SHA-256 the server computes', async () => {
    expect(await sha256Of(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('shortens a digest for a table cell', () => {
    expect(shortDigest('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')).toBe('ba7816bf…f20015ad');
  });

  it('shows a delivery’s progress as chunks acknowledged, 100 only once verified', () => {
    expect(deliveryPercent({ state: 'sending', chunks_acked: 32, chunks_total: 64 })).toBe(50);
    expect(deliveryPercent({ state: 'verifying', chunks_acked: 64, chunks_total: 64 })).toBe(99);
    expect(deliveryPercent({ state: 'done', chunks_acked: 64, chunks_total: 64 })).toBe(100);
  });
});
