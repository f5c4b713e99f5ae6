import { describe, expect, it } from 'vitest';
import { writeAckSchema } from '../ingest/box-protocol.js';
import { chunkCount, MAX_PROGRAM_BYTES, uploadProgramSchema } from './programs.js';
import { parseProgramAckId, programAckId } from './protocol.js';

const ID = '0b8f0c4e-6a39-4d5e-9d59-3b1f5d6f7a10';
const upload = (content: string) => ({ name: 'p', device_type_id: 'generic_plc', version: '1', file_name: 'p.bin', content });

describe('PLC programs in the domain', () => {
  it('names a step of a delivery in its ack id, and reads only such ids back', () => {
    expect(parseProgramAckId(programAckId(ID, 12))).toEqual({ deliveryId: ID, step: 12 });
    expect(parseProgramAckId(programAckId(ID, 'verify'))).toEqual({ deliveryId: ID, step: 'verify' });
    for (const other of [ID, `${ID}/`, `${ID}/-1`, `${ID}/x`, 'write-1/3', '42']) expect(parseProgramAckId(other), other).toBeUndefined();
    expect(writeAckSchema.safeParse({ cmdId: programAckId(ID, 'verify'), ok: false, error: 'checksum_mismatch' }).success).toBe(true);
    expect(writeAckSchema.safeParse({ cmdId: programAckId(ID, 3), ok: false, error: 'out_of_order', value: 2 }).success).toBe(true);
  });

  it('takes a base64 file up to the size limit, no more, and nothing that is not base64', () => {
    const limit = Buffer.alloc(MAX_PROGRAM_BYTES).toString('base64');
    expect(uploadProgramSchema.safeParse(upload(limit)).success).toBe(true);
    const over = uploadProgramSchema.safeParse(upload(Buffer.alloc(MAX_PROGRAM_BYTES + 1).toString('base64')));
    expect(over.error?.issues.map((issue) => issue.message)).toEqual(['programTooLarge']);
    expect(uploadProgramSchema.safeParse(upload('abc')).error?.issues.map((issue) => issue.message)).toEqual(['programUnreadable']);
  });

  it('cuts a program into 4 KiB chunks, an empty one into one', () => {
    expect(chunkCount(256 * 1024)).toBe(64);
    expect(chunkCount(4097)).toBe(2);
    expect(chunkCount(0)).toBe(1);
  });
});
