import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

let outDir: string | undefined;
afterEach(() => (outDir ? rm(outDir, { recursive: true }) : undefined));

/** Runs the plugin's hooks on a build of `files` written to a folder of its own; answers the folder's files. */
async function build(files: Record<string, string | Buffer>): Promise<{ dir: string; names: string[] }> {
  outDir = await mkdtemp(join(tmpdir(), 'cloudbox-precompress-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(outDir, name), text);
  const plugin = precompress();
  const hook = <T>(value: unknown) => value as T;
  hook<(config: { root: string; build: { outDir: string } }) => void>(plugin.configResolved)({ root: outDir, build: { outDir: '.' } });
  const bundle = Object.fromEntries(Object.keys(files).map((name) => [name, {}])) as unknown as Rollup.OutputBundle;
  await hook<(options: unknown, bundle: Rollup.OutputBundle) => Promise<void>>(plugin.writeBundle)({}, bundle);
  return { dir: outDir, names: (await readdir(outDir)).sort() };
}

describe('precompress', () => {
  it('writes brotli and gzip copies of scripts, styles and the page that decompress to the file', async () => {
    const script = 'export const value = 1;\n'.repeat(200);
    const style = '.ant-table { color: red }\n'.repeat(200);
    const page = `<!doctype html><title>Cloudbox</title>${'<div></div>'.repeat(200)}`;
    const { dir, names } = await build({ 'index-1a.js': script, 'index-1a.css': style, 'index.html': page });
    expect(names).toEqual([
      'index-1a.css',
      'index-1a.css.br',
      'index-1a.css.gz',
      'index-1a.js',
      'index-1a.js.br',
      'index-1a.js.gz',
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
    expect(brotliDecompressSync(await readFile(join(dir, 'index-1a.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(dir, 'index-1a.css.gz'))).toString()).toBe(style);
    expect(brotliDecompressSync(await readFile(join(dir, 'index.html.br'))).toString()).toBe(page);
  });

  it('leaves small files, pictures and what would not shrink as they are', async () => {
    const { names } = await build({ 'tiny.js': 'export {};', 'logo.png': 'x'.repeat(4000), 'noise.txt': randomBytes(4000) });
    expect(names.filter((name) => name.endsWith('.br') || name.endsWith('.gz'))).toEqual([]);
  });
});
