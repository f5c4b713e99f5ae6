import { BOX_TAP_CLOSE, boxIdSchema, Code, formatMessage, type BoxTapEvent, type Language } from '@cloudbox/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/availability.js';
import type { Registry } from '../../fleet/registry.js';
import { ApiError } from '../../http/errors.js';
import { requireScreen, tokenOf } from '../auth/guard.js';
import type { SessionService } from '../auth/sessions.js';
import type { BoxTap } from './tap.js';

/** The console screen whose route meta (root) guards the tap. */
export const WS_DEMO_SCREEN = '/scripts/ws-demo';

/** A browser this far behind misses events (it is told how many) until it catches up. */
const SLOW_CONSUMER_BYTES = 1024 * 1024;
/** The session is checked again this often: a signed-out root stops watching. */
const SESSION_RECHECK_MS = 60_000;

/**
 * WebSocket /api/v2/scripts/ws-demo/:boxId (root): the raw events of one box as this instance
 * hears and sends them (BoxTapEvent). Signed in by the `Admin-Token` cookie, a Bearer header or
 * `?token=`; a refusal is an `error` event in the caller's language, then a close (BOX_TAP_CLOSE).
 */
export const boxTapRoutes: FastifyPluginAsyncZod<{ tap: BoxTap; sessions: SessionService; registry: Registry }> = async (app, { tap, sessions, registry }) => {
  app.get('/scripts/ws-demo/:boxId', { websocket: true, schema: { hide: true, params: z.object({ boxId: boxIdSchema }) } }, async (socket, request) => {
    const { boxId } = request.params;
    const token = tokenOf(request, { query: true });
    try {
      request.auth = await sessions.authenticate(token);
      await requireScreen(WS_DEMO_SCREEN)(request);
      if (!(await registry.box(boxId))) throw ApiError.rejected('boxTapBoxNotFound', { id: boxId }, 404);
    } catch (error) {
      refuse(socket, request.language, error);
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    let skipped = 0;
    const stop = tap.watch(boxId, (event) => {
      if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
        skipped += 1;
        return;
      }
      if (skipped > 0) send(socket, { type: 'skipped', count: skipped });
      skipped = 0;
      send(socket, event);
    });
    const recheck = setInterval(() => {
      sessions.authenticate(token).catch((error: unknown) => isDatabaseUnavailable(error) || refuse(socket, request.language, error));
    }, SESSION_RECHECK_MS);
    recheck.unref();
    socket.on('close', () => {
      stop();
      clearInterval(recheck);
    });
    send(socket, { type: 'ready', box_id: boxId });
  });
};

function refuse(socket: WebSocket, language: Language, error: unknown): void {
  const problem = error instanceof ApiError ? error.problems[0] : undefined;
  const status = error instanceof ApiError ? error.status : 401;
  const code = error instanceof ApiError ? error.code : Code.TOKEN_INVALID;
  send(socket, { type: 'error', code, message: formatMessage(language, problem?.key ?? 'tokenInvalid', problem?.params) });
  socket.close(status === 403 ? BOX_TAP_CLOSE.forbidden : status === 404 ? BOX_TAP_CLOSE.notFound : BOX_TAP_CLOSE.signedOut, 'refused');
}

function send(socket: WebSocket, event: BoxTapEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}
