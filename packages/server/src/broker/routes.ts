import type { FastifyPluginAsync } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { Addresses } from './types.js';
import { MQTT_WEBSOCKET_PATH } from './embedded.js';

/** MQTT over WebSocket on the HTTP port, for boxes and tools that cannot reach MQTT_PORT. */
export const mqttWebSocketRoutes: FastifyPluginAsync<{ accept(stream: ReturnType<typeof createWebSocketStream>, addresses: Addresses): boolean }> = async (
  app,
  { accept },
) => {
  app.get(MQTT_WEBSOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const stream = createWebSocketStream(socket);
    const addresses = { sourceIp: request.ip, destinationIp: request.socket.localAddress ?? null };
    // With an external broker there is nothing to talk to here.
    if (!accept(stream, addresses)) socket.close(1008, 'MQTT is served by the external broker');
  });
};
