import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder. This file sits one level below it both as source
 * (src/paths.ts) and when built (dist/paths.js), so files that ship with the package (migrations,
 * package.json) are found wherever the process was started from.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

export function packagePath(...segments: string[]): string {
  return path.resolve(PACKAGE_ROOT, ...segments);
}
