import { boxTopics, type Page, type ServerLogEntry } from '@cloudbox/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPlaneTargets, eventually, startDataPlaneTest, type DataPlaneTest } from '../test/data-plane.js';
import { bearer, DATABASE_KINDS, EN, envelopeOf } from '../test/helpers.js';

/** The embedded broker and the ingest write their refusals to the server log, which root reads through the API. */
describe.each(dataPlaneTargets(DATABASE_KINDS).filter(([, broker]) => broker === 'embedded'))('server log from the data plane on %s', (database, broker) => {
  let t: DataPlaneTest;
  beforeAll(async () => {
    t = await startDataPlaneTest(database, broker);
  });
  afterAll(() => t.dispose());

  /** The entries root reads for a box, once the writer has written what it holds. */
  const entriesOf = async (boxId: string): Promise<ServerLogEntry[]> => {
    await t.app.services.serverLog.flush();
    const response = await t.app.inject({ method: 'GET', url: `/api/v2/server-logs?box_id=${boxId}`, headers: { ...bearer(t.rootToken), ...EN } });
    return envelopeOf<Page<ServerLogEntry>>(response).data.items;
  };

  it('logs a registered box refused for a bad secret, and an unknown box id, each once however often they try', async () => {
    const id = t.boxId();
    await t.register({ id });
    const stranger = t.boxId();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(t.connectBox(id, 'not-the-secret')).rejects.toThrow(/bad username or password/i);
      await expect(t.connectBox(stranger, 'whatever-secret')).rejects.toThrow(/bad username or password/i);
    }
    const refused = await eventually(async () => {
      const entries = await entriesOf(id);
      return entries.length > 0 ? entries : undefined;
    }, 'the refusal entry');
    expect(refused).toEqual([
      expect.objectContaining({ kind: 'broker_refused', level: 'warn', ck: '1001', text: 'The broker refused the box: bad_credentials (3×)' }),
    ]);
    const unknown = await entriesOf(stranger);
    expect(unknown).toEqual([expect.objectContaining({ kind: 'unknown_box', ck: null, details: expect.objectContaining({ count: 3 }) as unknown })]);
  });

  it("logs a registered box's malformed message with its reason", async () => {
    const id = t.boxId();
    const { secret } = await t.register({ id });
    const box = await t.connectBox(id, secret);
    await box.publishAsync(boxTopics(id).data, '{"ts": 1, "seq": ', { qos: 1 });
    const entries = await eventually(async () => {
      const found = (await entriesOf(id)).filter((entry) => entry.kind === 'ingest_rejected');
      return found.length > 0 ? found : undefined;
    }, 'the rejection entry');
    expect(entries).toEqual([expect.objectContaining({ box_id: id, details: { reason: 'malformed', count: 1 }, text: 'Message rejected: malformed (1×)' })]);
  });
});
