import type { FastifyPluginAsync } from 'fastify';
import type { Realtime } from './hub.js';

/**
 * WebSocket /api/v2/ws: sign in with `?token=` or a first message `{type: 'auth', token}`, then
 * optionally `{type: 'subscribe', boxes: [...]}` for their values (see RealtimeEvent in the domain).
 */
export const realtimeRoutes: FastifyPluginAsync<{ realtime: Realtime }> = async (app, { realtime }) => {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => realtime.attach(socket, request));
};
