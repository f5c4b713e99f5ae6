import { z } from 'zod';
import type { HealthReport, InfoUser, LoginResult, PublicConfig, UserInfo } from './api.js';
import { FLAGS, ROLES } from './roles.js';

/**
 * zod schemas of the response payloads in api.ts. The server serializes and documents its
 * answers with them (OpenAPI), so the interfaces and the wire format cannot drift apart.
 */
const role = z.enum(ROLES);
const accessName = z.enum([...ROLES, ...FLAGS]);

export const loginResultSchema = z.object({
  token: z.string(),
  expires_at: z.string().describe('ISO 8601 with offset'),
}) satisfies z.ZodType<LoginResult>;

export const infoUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  group_extra: z.object({ ck: z.string().nullable() }),
  is_manager: z.boolean(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  roles: z.array(role),
  show_feedback: z.boolean(),
  show_del_box: z.boolean(),
  remark: z.string(),
  registered_at: z.string().describe('ISO 8601 with offset'),
}) satisfies z.ZodType<InfoUser>;

export const userInfoSchema = z.object({
  roles: z.array(accessName),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  user: infoUserSchema,
  level: z.number().int(),
}) satisfies z.ZodType<UserInfo>;

export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  broker: z.enum(['ok', 'down']),
  version: z.string(),
  uptime_s: z.number(),
}) satisfies z.ZodType<HealthReport>;

export const publicConfigSchema = z.object({
  main_hostname: z.string().nullable(),
  system_name: z.string().nullable(),
  demo: z.boolean(),
}) satisfies z.ZodType<PublicConfig>;
