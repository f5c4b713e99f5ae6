import type { PublicConfig } from '@cloudbox/domain';
import { request } from '../utils/request';

let publicConfig: Promise<PublicConfig | null> | undefined;

/**
 * `GET /config/public`, fetched once per page load. A failure counts as "no configuration": the
 * guard then uses /login and titles use the translated system name.
 */
export function getPublicConfig(): Promise<PublicConfig | null> {
  publicConfig ??= request<PublicConfig>('/config/public', { silent: true }).catch(() => null);
  return publicConfig;
}
