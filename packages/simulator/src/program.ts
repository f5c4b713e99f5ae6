import { createHash } from 'node:crypto';
import { programAckId, programMessageSchema, type ProgramChunkMessage, type ProgramVerifyMessage, type WriteAck } from '@cloudbox/domain';

/** Faults a box can be told to show while it takes a PLC program, for the tests. */
export interface ProgramFaults {
  /** Ignores the chunk with this index once per program (no ack): the server must send it again. */
  dropProgramChunk?: number;
  /** After acknowledging the chunk with this index (once per program), the box drops off and comes back shortly after. */
  disconnectAfterProgramChunk?: number;
}

/** What the box does with one message of `down/program`. */
export interface ProgramAnswer {
  /** The ack to publish on `up/ack`; none: the message is ignored. */
  ack?: WriteAck;
  /** Drop off once the ack is out. */
  disconnect?: boolean;
}

/** One program as the box holds it: the chunks taken so far, in order, and every index it was sent. */
export interface ReceivedProgram {
  station: number;
  count: number;
  size: number;
  /** The indexes of every chunk message that arrived, in arrival order (resends included). */
  arrivals: number[];
  /** Contiguous chunks from 0. */
  chunks: Buffer[];
  verified: boolean;
}

/**
 * A box's program memory (packages/server/ARCHITECTURE-plc-programs.md): it takes a delivery's
 * chunks in order, acknowledges each (a repeated one again), refuses one from the future with
 * `out_of_order` and the index it expects, and at the end checks the SHA-256 of the whole. What it
 * took survives a reconnect (it lives in the simulator process, as in the box's flash), so a
 * delivery goes on where it stopped.
 */
export class ProgramReceiver {
  private readonly programs = new Map<string, ReceivedProgram>();
  private readonly dropped = new Set<string>();
  private readonly disconnected = new Set<string>();

  constructor(private readonly faults: ProgramFaults = {}) {}

  /** The programs this box was sent, by delivery id. */
  get received(): ReadonlyMap<string, ReceivedProgram> {
    return this.programs;
  }

  receive(payload: string): ProgramAnswer {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return {};
    }
    const message = programMessageSchema.safeParse(json);
    if (!message.success) {
      const cmdId = typeof json === 'object' && json !== null && 'cmdId' in json && typeof json.cmdId === 'string' ? json.cmdId : undefined;
      return cmdId ? { ack: { cmdId, ok: false, error: 'bad_request' } } : {};
    }
    return message.data.type === 'chunk' ? this.chunk(message.data) : { ack: this.verify(message.data) };
  }

  private chunk(message: ProgramChunkMessage): ProgramAnswer {
    const { cmdId, index } = message;
    let program = this.programs.get(cmdId);
    if (!program) {
      program = { station: message.station, count: message.count, size: message.size, arrivals: [], chunks: [], verified: false };
      this.programs.set(cmdId, program);
    }
    program.arrivals.push(index);
    if (index === this.faults.dropProgramChunk && !this.dropped.has(cmdId)) {
      this.dropped.add(cmdId);
      return {};
    }
    const ackId = programAckId(cmdId, index);
    const expected = program.chunks.length;
    if (index > expected || index >= program.count) return { ack: { cmdId: ackId, ok: false, error: 'out_of_order', value: expected } };
    if (index === expected) program.chunks.push(Buffer.from(message.data, 'base64'));
    const disconnect = index === this.faults.disconnectAfterProgramChunk && !this.disconnected.has(cmdId);
    if (disconnect) this.disconnected.add(cmdId);
    return { ack: { cmdId: ackId, ok: true }, disconnect };
  }

  private verify(message: ProgramVerifyMessage): WriteAck {
    const cmdId = programAckId(message.cmdId, 'verify');
    const program = this.programs.get(message.cmdId);
    if (!program) return { cmdId, ok: false, error: 'out_of_order', value: 0 };
    if (program.chunks.length < program.count) return { cmdId, ok: false, error: 'out_of_order', value: program.chunks.length };
    const whole = Buffer.concat(program.chunks);
    const sha256 = createHash('sha256').update(whole).digest('hex');
    if (whole.length !== message.size || sha256 !== message.sha256) return { cmdId, ok: false, error: 'checksum_mismatch' };
    program.verified = true;
    return { cmdId, ok: true };
  }
}
