import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MESSAGE_KINDS, REJECTIONS, type IngestCounters } from '../../ingest/counters.js';
import type { DataPlaneSnapshot } from '../../data-plane.js';

/** Every metric of the server starts with this; the process metrics keep prom-client's own names. */
const PREFIX = 'cloudbox_';

/** Seconds: from a cached page (a few ms) to the slowest export worth telling apart. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a request that matched no route (404s, bad URLs): one value, whatever the URL was. */
const UNMATCHED_ROUTE = 'unmatched';

/** The ingest counters that are plain numbers, each with its help text (a new one does not compile until it has one). */
type IngestTotal = { [K in keyof IngestCounters]: IngestCounters[K] extends number ? K : never }[keyof IngestCounters];
const INGEST_TOTALS = {
  samples: 'Controller samples committed (duplicates not included)',
  points: 'Register readings committed',
  duplicates: 'Samples already stored with the same values (a redelivery): skipped',
  conflicts: 'Samples with the controller and time of a stored sample but other values: acknowledged and dropped',
  batches: 'Batches committed',
  retries: 'Batches the database failed passingly and that were written again',
} satisfies Record<IngestTotal, string>;

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, heap spaces, GC, handles, event-loop delay from
 * `monitorEventLoopDelay`), made once per process: prom-client's collectors start observers that
 * are never released, and the tests build many apps in one process. With `--expose-gc` (the soak
 * starts the server so) it also reports the live heap, measured after a full collection that
 * each scrape forces: the one figure that shows a leak rather than garbage not yet collected.
 */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const collectGarbage = globalThis.gc;
  if (collectGarbage) {
    new Gauge({
      name: `${PREFIX}heap_live_bytes`,
      help: 'V8 heap in use right after a full garbage collection forced by this scrape (only when the server runs with --expose-gc)',
      registers: [registry],
      collect() {
        collectGarbage();
        this.set(process.memoryUsage().heapUsed);
      },
    });
  }
  processRegistry = registry;
  return registry;
}

/** A counter that shows a running total kept elsewhere (the ingest counts since start). */
function totalOf(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The same, one series per key of a record of totals. */
function totalsBy<K extends string>(registry: Registry, name: string, help: string, label: string, keys: readonly K[], read: () => Record<K, number>): void {
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      const totals = read();
      for (const key of keys) this.inc({ [label]: key }, totals[key]);
    },
  });
}

function gaugeOf(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * This app's metrics in the Prometheus text format: HTTP latency and errors by route pattern,
 * ingest counts and queue, broker and realtime connections, and the process's metrics. The app's
 * own go into a registry of this app, not prom-client's global one, so that apps built side by
 * side (tests) count apart.
 */
export function createMetrics(snapshot: () => DataPlaneSnapshot, options: { embeddedBroker: boolean }) {
  const registry = new Registry();
  const ingest = () => snapshot().ingest;

  const requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status class (2xx, 4xx, ...)',
    labelNames: ['method', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const httpErrors = new Counter({
    name: `${PREFIX}http_errors_total`,
    help: 'Answers with a 4xx or 5xx status, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });

  totalsBy(registry, `${PREFIX}ingest_messages_total`, 'MQTT messages received from boxes, by kind', 'kind', MESSAGE_KINDS, () => ingest().received);
  totalsBy(
    registry,
    `${PREFIX}ingest_rejected_total`,
    'Messages, parts of messages and connections refused, by reason',
    'reason',
    REJECTIONS,
    () => ingest().rejected,
  );
  for (const [total, help] of Object.entries(INGEST_TOTALS) as [IngestTotal, string][]) {
    totalOf(registry, `${PREFIX}ingest_${total}_total`, help, () => ingest()[total]);
  }
  gaugeOf(registry, `${PREFIX}ingest_queued`, 'Messages waiting for the next batch to be written (none of them acknowledged yet)', () => ingest().queued);
  gaugeOf(registry, `${PREFIX}broker_up`, '1 when the MQTT broker (embedded, or the connection to the external one) is up', () =>
    snapshot().broker.state === 'ok' ? 1 : 0,
  );
  if (options.embeddedBroker) {
    gaugeOf(
      registry,
      `${PREFIX}broker_connected_boxes`,
      'Boxes connected to the embedded broker of this instance',
      () => snapshot().broker.connectedBoxes ?? 0,
    );
  }
  gaugeOf(registry, `${PREFIX}realtime_sockets`, 'Browser WebSockets open on this instance', () => snapshot().realtime.sockets);

  const exposed = Registry.merge([processMetrics(), registry]);

  return {
    contentType: exposed.contentType,
    text: () => exposed.metrics(),

    /**
     * Times every answer of `app` (an onResponse hook on the root, so every route is seen). Routes
     * are labelled by their pattern, never by the URL, whose values have no bound.
     */
    observe(app: FastifyInstance): void {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
        const status = reply.statusCode;
        requestDuration.observe({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
        if (status >= 400) httpErrors.inc({ method: request.method, route, status: String(status) });
      });
    },
  };
}
