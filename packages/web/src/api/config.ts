import { request } from '../utils/request';

/** The unauthenticated part of the server's configuration; the console reads only these fields. */
export interface PublicConfig {
  main_hostname: string;
}

let publicConfig: Promise<PublicConfig | undefined> | undefined;

/** Fetched once per page load; a failure counts as "no configuration" (the guard then uses /login). */
export function getPublicConfig(): Promise<PublicConfig | undefined> {
  publicConfig ??= request<PublicConfig>('/config/public', { silent: true }).catch(() => undefined);
  return publicConfig;
}
