import { Code, formatMessage, REALTIME_CLOSE, type Language, type RealtimeEvent } from '@cloudbox/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/availability.js';
import type { UserRow } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import type { SessionService } from '../modules/auth/sessions.js';
import type { DevicePolicy } from '../access/policy.js';
import { mayRead, scopeCovers, type BoxScope } from '../access/scope.js';
import type { Bus, BusTopics, DeviceEvent } from '../bus/bus.js';
import { createValuesThrottle, deviceTypeOf, type EventBox } from './values-throttle.js';

const AUTH_TIMEOUT_MS = 10_000;
/**
 * A socket re-checks its session this often, for sessions that simply expire; an ending (logout,
 * password change or reset, a deleted user) is announced and closes the user's sockets at once.
 */
const SESSION_RECHECK_MS = 60_000;
/** WebSocket close code 1013, Try Again Later: the database is away; the console connects again. */
const TRY_AGAIN_LATER = 1013;
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
  /** Asks whether the socket's session still holds, and closes the socket when it does not. */
  checkSession(): void;
  language: Language;
  /** Boxes whose values this browser asked for. */
  boxes: Set<string>;
  scope: BoxScope;
  /** A related scope's boxes (kept here so every event is decided without a query). */
  visible: Set<string> | null;
}

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * Live events for browsers (WebSocket /api/v2/ws): status, values, fault and command events of the
 * boxes each signed-in user may see (the access policy decides). Events go out over the bus and
 * come back through `deliver` (the composition root subscribes it), so with Redis every instance's
 * browsers hear every instance's boxes. Browser push is all it does. A controller's values leave
 * as soon as they are committed, then at most once a second: what comes within that second is
 * merged and leaves when it ends. A box reporting every few seconds is seen without delay.
 */
export function createRealtime(deps: { bus: Bus; sessions: SessionService; policy: DevicePolicy; logger: FastifyBaseLogger }) {
  const { bus, sessions, policy, logger } = deps;
  const viewers = new Set<Viewer>();
  const throttle = createValuesThrottle((event) => bus.publish('device-event', event));

  /** The viewer's devices changed: decide its events anew and tell the browser to read its lists again. */
  async function rescope(viewer: Viewer): Promise<void> {
    try {
      Object.assign(viewer, await scopeFor(policy, viewer.user));
      send(viewer.socket, { type: 'scope' });
    } catch (error) {
      logger.warn({ err: error }, 'reloading what a WebSocket viewer may see failed');
    }
  }

  return {
    /** An event for the browsers that may see the box (a fault or command event: and may read its register). */
    publish(box: EventBox, event: DeviceEvent): void {
      const station = event.type === 'fault' ? event.controller_id : event.type === 'command' ? event.command.controller_id : undefined;
      const deviceType = station === undefined ? undefined : deviceTypeOf(box, station);
      bus.publish('device-event', { box: { id: box.id, ck: box.ck }, event, deviceType });
    },

    /** New values of a controller: sent at once, or merged with those held back and sent when its second ends. */
    values: throttle.values,

    /** A device event from the bus (any instance's): to the browsers here that may see it. */
    deliver({ box, event, deviceType }: BusTopics['device-event']): void {
      for (const viewer of viewers) deliverTo(viewer, box, event, deviceType);
    },

    /** New notifications from the bus (any instance's fan-out): to the sockets here of their readers, in each socket's language. */
    notify({ notice, recipients }: BusTopics['notice']): void {
      const byUser = new Map(recipients.map((recipient) => [recipient.userId, recipient]));
      for (const viewer of viewers) {
        const recipient = byUser.get(viewer.user.id);
        if (!recipient) continue;
        const notification = { ...notice, id: recipient.notificationId, note: notice.note[viewer.language], read: false };
        send(viewer.socket, { type: 'notice', notification, unread: recipient.unread });
      }
    },

    /** What these users may see changed (after the policy forgot their scopes): their browsers here are told and their events decided anew. */
    rescope(userIds: readonly number[]): void {
      const changed = new Set(userIds);
      for (const viewer of viewers) if (changed.has(viewer.user.id)) void rescope(viewer);
    },

    /** Anything may have changed (the bus missed messages): every socket here checks its session and what it may see anew. */
    resync(): void {
      for (const viewer of viewers) {
        viewer.checkSession();
        void rescope(viewer);
      }
    },

    /** Sessions of these users ended: their sockets here check their sessions now, and close if theirs ended. */
    checkSessionsOf(userIds: readonly number[]): void {
      const ended = new Set(userIds);
      for (const viewer of viewers) if (ended.has(viewer.user.id)) viewer.checkSession();
    },

    /** A browser's socket: signed in by `?token=` or by its first message, then kept until it or its session ends. */
    attach(socket: WebSocket, request: { language: Language; query: unknown }): void {
      attachSocket(socket, request, { sessions, policy, logger, viewers });
    },

    stats() {
      return { sockets: viewers.size, pendingValues: throttle.pending() };
    },

    close(): void {
      throttle.close();
      for (const viewer of viewers) viewer.socket.close(1001, 'server shutting down');
      viewers.clear();
    },
  };
}

async function scopeFor(policy: DevicePolicy, user: UserRow): Promise<Pick<Viewer, 'scope' | 'visible'>> {
  const scope = await policy.scopeOf(user);
  return { scope, visible: scope.kind === 'related' ? await policy.visibleBoxIds(scope) : null };
}

/**
 * One browser's socket: it signs in (by `?token=` or by its first message, within AUTH_TIMEOUT_MS),
 * then joins `viewers` with what it may see, names the boxes whose values it wants, and re-checks
 * its session until the socket closes.
 */
function attachSocket(
  socket: WebSocket,
  request: { language: Language; query: unknown },
  deps: { sessions: SessionService; policy: DevicePolicy; logger: FastifyBaseLogger; viewers: Set<Viewer> },
): void {
  const { sessions, logger, viewers } = deps;
  const language = request.language;
  let viewer: Viewer | undefined;
  let recheck: NodeJS.Timeout | undefined;
  const queryToken = (request.query as { token?: unknown } | undefined)?.token;

  const signIn = async (token: string) => {
    try {
      const { user } = await sessions.authenticate(token);
      const scope = await scopeFor(deps.policy, user);
      if (socket.readyState !== socket.OPEN) return;
      // A check the database cannot answer now is made again at the next one.
      const checkSession = () =>
        void sessions.authenticate(token).catch((error: unknown) => isDatabaseUnavailable(error) || signedOut(socket, language, error));
      viewer = { socket, user, checkSession, language, boxes: new Set(), ...scope };
      viewers.add(viewer);
      send(socket, { type: 'ready', user: user.username });
      recheck = setInterval(checkSession, SESSION_RECHECK_MS);
      recheck.unref();
    } catch (error) {
      if (isDatabaseUnavailable(error)) return unavailable(socket, language);
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
      send(socket, { type: 'subscribed', boxes: viewer.boxes.size });
    }
  });
  socket.on('close', () => {
    clearTimeout(deadline);
    clearInterval(recheck);
    if (viewer) viewers.delete(viewer);
  });
  socket.on('error', (error) => logger.debug({ err: error }, 'WebSocket error'));
  if (typeof queryToken === 'string' && queryToken) void signIn(queryToken);
}

/** A device event to one browser, if it may see the box, with only the registers it may read. */
function deliverTo(viewer: Viewer, box: { id: string; ck: string }, event: DeviceEvent, deviceType: string | undefined): void {
  if (!scopeCovers(viewer.scope, viewer.visible, box)) return;
  // Registers the viewer may not read never reach it (an event of an unknown type counts as unreadable).
  const readable = (register: number) => viewer.scope.kind !== 'related' || mayRead(viewer.scope, deviceType ?? '', register);
  if (event.type === 'values') {
    if (!viewer.boxes.has(box.id) || viewer.socket.bufferedAmount > SLOW_CONSUMER_BYTES) return;
    const values = Object.fromEntries(Object.entries(event.values).filter(([register]) => readable(Number(register))));
    if (Object.keys(values).length > 0) send(viewer.socket, { ...event, values });
    return;
  }
  if (event.type === 'fault') {
    if (readable(event.record.register)) send(viewer.socket, { ...event, record: { ...event.record, message: event.record.message[viewer.language] } });
    return;
  }
  if (event.type === 'command') {
    // A command names its register and value: both are as unreadable as the register.
    if (readable(event.command.register)) send(viewer.socket, event);
    return;
  }
  send(viewer.socket, event);
}

function send(socket: WebSocket, event: RealtimeEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

/**
 * The database is away, so the session cannot be checked: that ends no session. The socket closes
 * with 1013 (try again later), which the console answers by connecting again, not by signing out.
 */
function unavailable(socket: WebSocket, language: Language): void {
  send(socket, { type: 'error', code: Code.REJECTED, message: formatMessage(language, 'serviceUnavailable') });
  socket.close(TRY_AGAIN_LATER, 'service unavailable');
}

function signedOut(socket: WebSocket, language: Language, error: unknown): void {
  const key = error instanceof ApiError ? error.problems[0]?.key : undefined;
  const code = error instanceof ApiError ? error.code : Code.TOKEN_INVALID;
  send(socket, { type: 'error', code, message: formatMessage(language, key ?? 'tokenInvalid') });
  socket.close(REALTIME_CLOSE.signedOut, 'signed out');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
