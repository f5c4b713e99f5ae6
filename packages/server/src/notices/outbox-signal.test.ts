import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSignal } from './outbox.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Milliseconds until `fetch` to a receiver that never answers gives up, or 'hung' after 3 s; garbage collected every 20 ms meanwhile. */
async function giveUpAfter(url: string, signal: AbortSignal): Promise<number | 'hung'> {
  const started = Date.now();
  const collecting = setInterval(gc, 20);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fetch(url, { method: 'POST', body: '{}', signal }).then(
        () => Date.now() - started,
        () => Date.now() - started,
      ),
      new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), 3000))),
    ]);
  } finally {
    clearInterval(collecting);
    clearTimeout(timer);
  }
}

describe('the signal of a notification send', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('ends a send to a receiver that hangs at the timeout, though garbage is collected meanwhile', async () => {
    const sends = Array.from({ length: 5 }, () => sendSignal(300, new AbortController().signal));
    const waited = await Promise.all(sends.map(({ signal }) => giveUpAfter(url, signal)));
    for (const send of sends) send.done();
    for (const ms of waited) {
      expect(ms).not.toBe('hung');
      expect(ms).toBeGreaterThanOrEqual(290);
    }
  });

  it('ends a send at once when the server stops, and not after `done`', async () => {
    const stopping = new AbortController();
    const send = sendSignal(60_000, stopping.signal);
    const waiting = giveUpAfter(url, send.signal);
    stopping.abort(new Error('stopping'));
    expect(await waiting).toBeLessThan(1000);
    expect(send.signal.reason).toEqual(new Error('stopping'));

    const after = sendSignal(10, new AbortController().signal);
    after.done();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(after.signal.aborted).toBe(false);
  });
});
