import { readFileSync } from 'node:fs';
import { packagePath } from './paths.js';

/** The server package's version, as the health report and the OpenAPI document show it. */
export const VERSION: string = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
