import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a browser downloads and text compresses well: scripts, styles, the page, source maps and data. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map|txt)$/;
/** Below this a compressed copy saves less than its headers cost (the static server skips them too). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, at
 * the highest levels (once per build, not per request): the server sends the one the browser
 * accepts (`@fastify/static`'s `preCompressed`). A copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cloudbox-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // The bundle holds every file the build wrote: chunks, styles, index.html and the manifest.
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => compressFile(join(outDir, file))));
    },
  };
}

async function compressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${path}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
}
