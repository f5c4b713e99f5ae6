import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, EN, envelopeOf, signIn, startTestApp, type TestApp } from '../../test/helpers.js';

const KEY = 'a-scraper-key-of-enough-length';
const URL = '/api/v2/metrics/prometheus';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** One line of the text exposition format: `name{label="value",...} number`. */
const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{((?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of an exposition; throws on any line that is neither a comment nor a sample. */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE_LINE.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const value = Number(match[3]!.replace('+Inf', 'Infinity').replace('-Inf', '-Infinity'));
      // prom-client writes NaN as "Nan" (an event-loop figure of an interval without samples); Prometheus reads NaN in any case.
      if (Number.isNaN(value) && !/^nan$/i.test(match[3]!)) throw new Error(`not a number: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((label) => [label[1]!, label[2]!]));
      return { name: match[1]!, labels, value };
    });
}

/** The value of the one sample of `name` whose labels include `labels` (0 when there is none yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

describe('Prometheus metrics', () => {
  let t: TestApp;
  let rootToken: string;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { METRICS_KEY: KEY } });
    rootToken = await signIn(t.app, 'demo_root', 'demo123456');
  });
  afterAll(() => t.dispose());

  const scrape = async (headers: Record<string, string> = { 'x-metrics-key': KEY }) => {
    const response = await t.app.inject({ method: 'GET', url: URL, headers });
    expect(response.statusCode).toBe(200);
    return parseExposition(response.body);
  };

  it('refuses anonymous callers, other roles and a wrong key, in their language', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: URL, headers: EN });
    expect(anonymous.statusCode).toBe(401);
    expect(envelopeOf(anonymous).message).toMatch(/log in|sign in|token/i);

    const maker = await signIn(t.app, 'demo_maker', 'demo123456');
    expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer(maker) })).statusCode).toBe(403);

    const wrong = `${KEY.slice(0, -1)}X`;
    expect((await t.app.inject({ method: 'GET', url: URL, headers: { 'x-metrics-key': wrong } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: URL, headers: bearer(wrong) })).statusCode).toBe(401);
  });

  it('answers root and the key holder (header or Bearer) in the text format', async () => {
    for (const headers of [bearer(rootToken), { 'x-metrics-key': KEY }, bearer(KEY)]) {
      const response = await t.app.inject({ method: 'GET', url: URL, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseExposition(response.body);
      const names = new Set(samples.map((sample) => sample.name));
      for (const name of [
        'nodejs_eventloop_lag_p99_seconds',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'cloudbox_ingest_messages_total',
        'cloudbox_ingest_rejected_total',
        'cloudbox_ingest_samples_total',
        'cloudbox_ingest_queued',
        'cloudbox_broker_up',
        'cloudbox_broker_connected_boxes',
        'cloudbox_realtime_sockets',
      ]) {
        expect(names).toContain(name);
      }
      expect(valueOf(samples, 'cloudbox_broker_up')).toBe(1);
    }
  });

  it('times each answer under its route pattern and counts errors by status, never by the raw URL', async () => {
    const route = '/api/v2/devices/:boxId';
    const labels = { method: 'GET', route, status_class: '4xx' };
    const before = await scrape();
    const missing = await t.app.inject({ method: 'GET', url: '/api/v2/devices/987654321', headers: bearer(rootToken) });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/v2/no-such-thing/24680' });
    const after = await scrape();

    expect(
      valueOf(after, 'cloudbox_http_request_duration_seconds_count', labels) - valueOf(before, 'cloudbox_http_request_duration_seconds_count', labels),
    ).toBe(1);
    expect(valueOf(after, 'cloudbox_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      valueOf(after, 'cloudbox_http_request_duration_seconds_count', labels),
    );
    expect(
      valueOf(after, 'cloudbox_http_errors_total', { route, status: '404' }) - valueOf(before, 'cloudbox_http_errors_total', { route, status: '404' }),
    ).toBe(1);
    expect(valueOf(after, 'cloudbox_http_errors_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const urls = after.flatMap((sample) => Object.values(sample.labels));
    expect(urls.filter((value) => value.includes('987654321') || value.includes('24680'))).toEqual([]);
  });

  it('counts a refused MQTT connection under its reason', async () => {
    const reason = { reason: 'bad_credentials' };
    const before = valueOf(await scrape(), 'cloudbox_ingest_rejected_total', reason);
    const port = t.app.services.broker.view.info().tcpPort!;
    await expect(mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: 'intruder', password: 'guess', reconnectPeriod: 0 })).rejects.toThrow();
    expect(valueOf(await scrape(), 'cloudbox_ingest_rejected_total', reason)).toBe(before + 1);
  });
});
