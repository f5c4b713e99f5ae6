import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { replyNotFound } from './conventions.js';

const INDEX = 'index.html';
/** Vite puts content-hashed bundles here: a new build gets new names, so they may be cached forever. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

export const NOT_BUILT_HINT = 'The Cloudbox web console has not been built. Run `npm run build` in the repository, then restart the server.\n';

/**
 * Serves the built console from WEB_DIST. The console routes in the browser (react-router), so any
 * GET outside the API that is not a file answers index.html; index.html itself is never cached,
 * so a deployment takes effect on the next navigation. Bundles go out compressed as the browser accepts.
 */
export function registerWebConsole(app: FastifyInstance, webDist: string): void {
  if (!existsSync(path.join(webDist, INDEX))) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(NOT_BUILT_HINT));
    app.setNotFoundHandler(replyNotFound);
    return;
  }
  app.register(fastifyStatic, {
    root: webDist,
    // The build writes a brotli and a gzip copy beside each bundle (packages/web/scripts/precompress.ts):
    // the one the browser accepts is sent, compressed once at build time instead of on every request.
    preCompressed: true,
    // A route for each file of the build, found once at start (the build does not change under a
    // running server), instead of one route for every path: the catch-all route reads each
    // directory on the way to a file to check its spelling (it guards case-insensitive file
    // systems), two directory reads of the 900 entries of assets/ for every script a page loads.
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      if (filePath.endsWith(`${path.sep}${INDEX}`)) reply.header('cache-control', 'no-cache');
      else if (filePath.includes(HASHED_ASSETS)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  app.setNotFoundHandler((request, reply) => (isConsoleNavigation(request) ? reply.sendFile(INDEX) : replyNotFound(request, reply)));
}

function isConsoleNavigation(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const inApi = pathname === '/api' || pathname.startsWith('/api/');
  return (request.method === 'GET' || request.method === 'HEAD') && !inApi;
}
