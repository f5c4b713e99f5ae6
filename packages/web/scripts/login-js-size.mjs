// Prints the gzipped size of the JavaScript a visitor of /login downloads: the entry chunk, the
// login page chunk and every chunk they import statically; and what the server sends of it, the
// build's brotli copies (scripts/precompress.ts). Run after `vite build`.
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const needed = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || needed.has(key)) return;
  needed.add(key);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect('src/pages/login/index.tsx');

let total = 0;
let sent = 0;
for (const key of needed) {
  const file = manifest[key].file;
  const bytes = readFileSync(new URL(file, dist));
  const size = gzipSync(bytes).length;
  const brotli = new URL(`${file}.br`, dist);
  total += size;
  sent += existsSync(brotli) ? readFileSync(brotli).length : bytes.length;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  gzipped JS for /login`);
console.log(`${(sent / 1024).toFixed(1).padStart(8)} KB  sent for /login (brotli)`);
