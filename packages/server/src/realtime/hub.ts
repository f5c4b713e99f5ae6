import { Code, formatMessage, REALTIME_CLOSE, type Language, type RealtimeEvent } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { UserRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import type { SessionService } from '../modules/auth/sessions.js';
import { mayViewBox } from '../modules/devices/policy.js';
import type { Bus, BusEvent, BusMessage } from './bus.js';

/** A browser gets at most one `values` event per controller per this interval. */
export const VALUES_INTERVAL_MS = 1000;
const AUTH_TIMEOUT_MS = 10_000;
/** Sessions end (logout, password change): a socket re-checks its session this often. */
const SESSION_RECHECK_MS = 60_000;
/** A browser this far behind misses value updates until it catches up; status and faults still go. */
const SLOW_CONSUMER_BYTES = 1024 * 1024;
const MAX_SUBSCRIBED_BOXES = 1000;

const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('subscribe'), boxes: z.array(z.string().regex(/^\d{1,32}$/)).max(MAX_SUBSCRIBED_BOXES) }),
]);

interface Viewer {
  socket: WebSocket;
  user: UserRow;
  language: Language;
  /** Boxes whose values this browser asked for. */
  boxes: Set<string>;
}

interface PendingValues {
  box: { id: string; ck: string };
  station: number;
  ts: number;
  values: Record<string, number>;
}

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * Live events for browsers (WebSocket /api/v2/ws): status, values, fault and command events of the
 * boxes each signed-in user may see (the devices policy decides). Events go out over the bus, so
 * with Redis every instance's browsers hear every instance's boxes. Values are coalesced per
 * controller and leave at most once a second.
 */
export function createRealtime(deps: { bus: Bus; sessions: SessionService; logger: FastifyBaseLogger }) {
  const { bus, sessions, logger } = deps;
  const viewers = new Set<Viewer>();
  const pendingValues = new Map<string, PendingValues>();
  const boxChangeHandlers: ((boxId: string) => void)[] = [];

  bus.subscribe((message: BusMessage) => {
    if (message.kind === 'box-changed') {
      for (const handler of boxChangeHandlers) handler(message.boxId);
      return;
    }
    for (const viewer of viewers) deliver(viewer, message.box, message.event);
  });

  const flushTimer = setInterval(flushValues, VALUES_INTERVAL_MS);
  flushTimer.unref();

  function flushValues(): void {
    for (const pending of pendingValues.values()) {
      bus.publish({
        kind: 'event',
        box: pending.box,
        event: { type: 'values', box_id: pending.box.id, controller_id: pending.station, ts: pending.ts, values: pending.values },
      });
    }
    pendingValues.clear();
  }

  function deliver(viewer: Viewer, box: { id: string; ck: string }, event: BusEvent): void {
    if (!mayViewBox(viewer.user, box)) return;
    if (event.type === 'values' && (!viewer.boxes.has(box.id) || viewer.socket.bufferedAmount > SLOW_CONSUMER_BYTES)) return;
    send(viewer.socket, event.type === 'fault' ? { ...event, record: { ...event.record, message: event.record.message[viewer.language] } } : event);
  }

  function send(socket: WebSocket, event: RealtimeEvent): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  }

  function signedOut(socket: WebSocket, language: Language, error: unknown): void {
    const key = error instanceof ApiError ? error.problems[0]?.key : undefined;
    const code = error instanceof ApiError ? error.code : Code.TOKEN_INVALID;
    send(socket, { type: 'error', code, message: formatMessage(language, key ?? 'tokenInvalid') });
    socket.close(REALTIME_CLOSE.signedOut, 'signed out');
  }

  return {
    /** An event for the browsers that may see the box. */
    publish(box: { id: string; ck: string }, event: BusEvent): void {
      bus.publish({ kind: 'event', box, event });
    },

    /** New values of a controller; merged with any not yet sent, and sent within a second. */
    values(box: { id: string; ck: string }, station: number, ts: number, values: Record<string, number>): void {
      const key = `${box.id}/${station}`;
      const pending = pendingValues.get(key);
      if (pending) {
        if (ts >= pending.ts) {
          Object.assign(pending.values, values);
          pending.ts = ts;
        }
      } else {
        pendingValues.set(key, { box, station, ts, values: { ...values } });
      }
    },

    /** Tells every instance that a box changed (their caches of it are stale). */
    boxChanged(boxId: string): void {
      bus.publish({ kind: 'box-changed', boxId });
    },

    onBoxChanged(handler: (boxId: string) => void): void {
      boxChangeHandlers.push(handler);
    },

    /** A browser's socket: signed in by `?token=` or by its first message, then kept until it or its session ends. */
    attach(socket: WebSocket, request: { language: Language; query: unknown }): void {
      const language = request.language;
      let viewer: Viewer | undefined;
      let recheck: NodeJS.Timeout | undefined;
      const queryToken = (request.query as { token?: unknown } | undefined)?.token;

      const signIn = async (token: string) => {
        try {
          const { user } = await sessions.authenticate(token);
          if (socket.readyState !== socket.OPEN) return;
          viewer = { socket, user, language, boxes: new Set() };
          viewers.add(viewer);
          send(socket, { type: 'ready', user: user.username });
          recheck = setInterval(() => {
            sessions.authenticate(token).catch((error: unknown) => signedOut(socket, language, error));
          }, SESSION_RECHECK_MS);
          recheck.unref();
        } catch (error) {
          if (!(error instanceof ApiError)) logger.warn({ err: error }, 'checking a WebSocket session failed');
          signedOut(socket, language, error);
        }
      };

      const deadline = setTimeout(() => {
        if (!viewer) signedOut(socket, language, ApiError.signedOut('invalid'));
      }, AUTH_TIMEOUT_MS);
      deadline.unref();

      socket.on('message', (data, isBinary) => {
        const parsed = isBinary ? undefined : clientMessageSchema.safeParse(parseJson(String(data)));
        if (!parsed?.success) {
          send(socket, { type: 'error', code: Code.REJECTED, message: formatMessage(language, 'badRequest') });
          return;
        }
        const message = parsed.data;
        if (message.type === 'auth') {
          if (!viewer) void signIn(message.token);
        } else if (viewer) {
          viewer.boxes = new Set(message.boxes);
        }
      });
      socket.on('close', () => {
        clearTimeout(deadline);
        clearInterval(recheck);
        if (viewer) viewers.delete(viewer);
      });
      socket.on('error', (error) => logger.debug({ err: error }, 'WebSocket error'));
      if (typeof queryToken === 'string' && queryToken) void signIn(queryToken);
    },

    stats() {
      return { sockets: viewers.size, pendingValues: pendingValues.size };
    },

    async close(): Promise<void> {
      clearInterval(flushTimer);
      for (const viewer of viewers) viewer.socket.close(1001, 'server shutting down');
      viewers.clear();
      await bus.close();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
