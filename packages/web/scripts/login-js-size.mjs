// Prints the gzipped size of the JavaScript a visitor of /login downloads: the entry chunk, the
// login page chunk and every chunk they import statically. Run after `vite build`.
import { readFileSync } from 'node:fs';
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
for (const key of needed) {
  const file = manifest[key].file;
  const size = gzipSync(readFileSync(new URL(file, dist))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  gzipped JS for /login`);
