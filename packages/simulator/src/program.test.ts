import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PROGRAM_CHUNK_BYTES, writeAckSchema, type ProgramMessage } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { ProgramReceiver, type ProgramAnswer } from './program.js';

/** A program cut into the messages the server sends: its chunks, then the verification. */
function messagesOf(program: Buffer, cmdId = randomUUID()) {
  const count = Math.max(1, Math.ceil(program.length / PROGRAM_CHUNK_BYTES));
  const chunk = (index: number): ProgramMessage => ({
    cmdId,
    type: 'chunk',
    station: 1,
    index,
    count,
    size: program.length,
    data: program.subarray(index * PROGRAM_CHUNK_BYTES, (index + 1) * PROGRAM_CHUNK_BYTES).toString('base64'),
  });
  const verify = (sha256 = createHash('sha256').update(program).digest('hex')): ProgramMessage => ({
    cmdId,
    type: 'verify',
    station: 1,
    size: program.length,
    sha256,
  });
  return { cmdId, count, chunk, verify };
}

const send = (receiver: ProgramReceiver, message: ProgramMessage): ProgramAnswer => {
  const answer = receiver.receive(JSON.stringify(message));
  if (answer.ack) writeAckSchema.parse(answer.ack);
  return answer;
};

describe('a box taking a PLC program', () => {
  it('acknowledges each chunk in order and the verification of the whole', () => {
    const program = randomBytes(PROGRAM_CHUNK_BYTES * 3 + 100);
    const { cmdId, count, chunk, verify } = messagesOf(program);
    const receiver = new ProgramReceiver();
    expect(count).toBe(4);
    for (let index = 0; index < count; index += 1)
      expect(send(receiver, chunk(index))).toEqual({ ack: { cmdId: `${cmdId}/${index}`, ok: true }, disconnect: false });
    expect(send(receiver, verify())).toEqual({ ack: { cmdId: `${cmdId}/verify`, ok: true } });
    expect(Buffer.concat(receiver.received.get(cmdId)!.chunks).equals(program)).toBe(true);
    expect(receiver.received.get(cmdId)!.verified).toBe(true);
  });

  it('acknowledges a chunk it already has again, and refuses one from the future with the index it expects', () => {
    const { cmdId, chunk, verify } = messagesOf(randomBytes(PROGRAM_CHUNK_BYTES * 4));
    const receiver = new ProgramReceiver();
    send(receiver, chunk(0));
    send(receiver, chunk(1));
    expect(send(receiver, chunk(1)).ack).toEqual({ cmdId: `${cmdId}/1`, ok: true });
    expect(send(receiver, chunk(3)).ack).toEqual({ cmdId: `${cmdId}/3`, ok: false, error: 'out_of_order', value: 2 });
    // A verification before the last chunk names the missing one too.
    expect(send(receiver, verify()).ack).toEqual({ cmdId: `${cmdId}/verify`, ok: false, error: 'out_of_order', value: 2 });
    expect(receiver.received.get(cmdId)!.chunks).toHaveLength(2);
  });

  it('refuses a whole whose SHA-256 differs', () => {
    const { cmdId, count, chunk, verify } = messagesOf(randomBytes(PROGRAM_CHUNK_BYTES + 1));
    const receiver = new ProgramReceiver();
    for (let index = 0; index < count; index += 1) send(receiver, chunk(index));
    expect(send(receiver, verify('0'.repeat(64))).ack).toEqual({ cmdId: `${cmdId}/verify`, ok: false, error: 'checksum_mismatch' });
    expect(receiver.received.get(cmdId)!.verified).toBe(false);
  });

  it('drops the chosen chunk once, and asks to drop off after the chosen chunk once', () => {
    const { cmdId, chunk } = messagesOf(randomBytes(PROGRAM_CHUNK_BYTES * 5));
    const receiver = new ProgramReceiver({ dropProgramChunk: 1, disconnectAfterProgramChunk: 2 });
    send(receiver, chunk(0));
    expect(send(receiver, chunk(1))).toEqual({});
    expect(send(receiver, chunk(1)).ack).toEqual({ cmdId: `${cmdId}/1`, ok: true });
    expect(send(receiver, chunk(2)).disconnect).toBe(true);
    expect(send(receiver, chunk(2)).disconnect).toBe(false);
    expect(receiver.received.get(cmdId)!.arrivals).toEqual([0, 1, 1, 2, 2]);
  });

  it('answers a message it cannot read with bad_request when it names a command, and ignores one without', () => {
    const receiver = new ProgramReceiver();
    expect(receiver.receive(JSON.stringify({ cmdId: 'x', type: 'chunk' }))).toEqual({ ack: { cmdId: 'x', ok: false, error: 'bad_request' } });
    expect(receiver.receive('not json')).toEqual({});
  });
});
