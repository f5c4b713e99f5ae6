import { describe, expect, it } from 'vitest';
import { asDataMessage, boxTopics, dataMessageSchema, writeAckSchema, writeCommandSchema } from './box-protocol.js';

describe('the box protocol', () => {
  it('keeps every topic of a box under its id', () => {
    expect(boxTopics('100001')).toEqual({
      hello: 'cloudbox/100001/up/hello',
      data: 'cloudbox/100001/up/data',
      status: 'cloudbox/100001/up/status',
      ack: 'cloudbox/100001/up/ack',
      write: 'cloudbox/100001/down/write',
      program: 'cloudbox/100001/down/program',
      server: 'cloudbox/100001/down/server',
      config: 'cloudbox/100001/down/config',
      reset: 'cloudbox/100001/down/reset',
    });
  });

  it('accepts a data message whatever its readings, which the codec judges one by one', () => {
    const message = { ts: 1_700_000_000_000, seq: 3, controllers: [{ station: 1, values: { '10': 24000, '11': 'broken' } }] };
    expect(dataMessageSchema.parse(message)).toEqual(message);
    expect(dataMessageSchema.safeParse({ ...message, controllers: [{ station: 1, values: { speed: 1 } }] }).success).toBe(false);
    expect(dataMessageSchema.safeParse({ ...message, seq: -1 }).success).toBe(false);
  });

  it('takes a data message in place exactly when the schema accepts it', () => {
    const good = { ts: 1_700_000_000_000, seq: 0, controllers: [{ station: 255, values: { '10': 1, '011': 'x' }, extra: true }], firmware: '2' };
    const texts = [
      JSON.stringify(good),
      '{"ts":1,"seq":0,"controllers":[]}',
      '{"ts":1.5,"seq":0,"controllers":[]}',
      '{"ts":"1","seq":0,"controllers":[]}',
      '{"ts":1e300,"seq":0,"controllers":[]}',
      '{"ts":1,"seq":-1,"controllers":[]}',
      '{"ts":1,"seq":0}',
      '{"ts":1,"seq":0,"controllers":{}}',
      '{"ts":1,"seq":0,"controllers":[null]}',
      '{"ts":1,"seq":0,"controllers":[{"station":256,"values":{}}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":-1,"values":{}}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1.5,"values":{}}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1,"values":[]}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1,"values":null}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1,"values":{"a":1}}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1,"values":{"":1}}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1,"values":{"__proto__":1}}]}',
      '{"ts":1,"seq":0,"controllers":[{"station":1,"values":{"1":{"nested":true}}}]}',
      '[1,2]',
      'null',
      '"data"',
    ];
    for (const text of texts) {
      const message: unknown = JSON.parse(text);
      const judged = dataMessageSchema.safeParse(message);
      expect(asDataMessage(message) !== undefined, text).toBe(judged.success);
      if (judged.success) expect(asDataMessage(message), text).toMatchObject(judged.data);
    }
    // A message of the usual shape is the message itself: no copy is made of it.
    const usual: unknown = JSON.parse(JSON.stringify(good));
    expect(asDataMessage(usual)).toBe(usual);
  });

  it('shapes writes and their acks', () => {
    expect(writeCommandSchema.safeParse({ cmdId: 'c1', station: 1, register: 41, value: 20000 }).success).toBe(true);
    expect(writeCommandSchema.safeParse({ cmdId: '', station: 1, register: 41, value: 20000 }).success).toBe(false);
    expect(writeAckSchema.safeParse({ cmdId: 'c1', ok: false, error: 'not_writable' }).success).toBe(true);
    expect(writeAckSchema.safeParse({ cmdId: 'c1', ok: false, error: 'because' }).success).toBe(false);
  });
});
