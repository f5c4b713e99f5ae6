import { inflateRawSync } from 'node:zlib';

/**
 * An xlsx file is a zip archive: half a megabyte of it can inflate to gigabytes (a zip bomb), and
 * the spreadsheet library would inflate all of it in memory. Before the library sees a file, its
 * entries are inflated here with a cap on the bytes they may produce: the answer is whether the
 * archive is well formed and stays within `maxBytes` once decompressed.
 */
export type ZipCheck = 'ok' | 'unreadable' | 'too_large';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_ENTRIES = 2000;

export function checkZipSize(bytes: Buffer, maxBytes: number): ZipCheck {
  const end = findEndOfDirectory(bytes);
  if (end < 0) return 'unreadable';
  const entries = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return 'too_large';
  let budget = maxBytes;
  for (let index = 0; index < entries; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) return 'unreadable';
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const local = bytes.readUInt32LE(offset + 42);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) return 'unreadable';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + compressed);
    if (data.length !== compressed) return 'unreadable';
    if (method === 0) budget -= compressed;
    else if (method === 8) {
      try {
        budget -= inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) }).length;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'unreadable';
      }
    } else return 'unreadable';
    if (budget < 0) return 'too_large';
  }
  return 'ok';
}

/** The end-of-central-directory record: the last 22 bytes, or earlier when the archive has a comment. */
function findEndOfDirectory(bytes: Buffer): number {
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 0xffff); offset -= 1) {
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  return -1;
}
