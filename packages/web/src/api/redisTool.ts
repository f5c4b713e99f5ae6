import type { RedisKeyContent, RedisKeyPage, RedisStatus } from '@cloudbox/domain';
import { fetchEnvelope, request } from '../utils/request';

/** Root's Redis tool (/tools/redis): keys are named in full, prefix included, in the `key` parameter. */

export const getRedisStatus = () => request<RedisStatus>('/tools/redis');
export const listRedisKeys = (params: { cursor: string; pattern?: string; count?: number }) => request<RedisKeyPage>('/tools/redis/keys', { params });
export const getRedisKey = (key: string) => request<RedisKeyContent>('/tools/redis/key', { params: { key } });
export const deleteRedisKey = (key: string) => fetchEnvelope<{ key: string }>('/tools/redis/key', { method: 'DELETE', params: { key } });
