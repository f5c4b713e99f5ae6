import { z } from 'zod';

/**
 * Who may switch a box among the company's service staff (DESIGN.md section 5): a box's top owner
 * authorises qualityController, afterSales and afterSalesPlus users of its CK per box, revocably,
 * with the switch grant calls of /device_user_permission. `get_service_switch_users` lists them.
 */
export const SERVICE_STAFF_ROLES = ['qualityController', 'afterSales', 'afterSalesPlus'] as const;

export const serviceSwitchUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  /** Holds the box's switch grant. */
  switch_authorized: z.boolean(),
  /** Who granted it; null when not authorised. */
  granted_by: z.string().nullable(),
});
export type ServiceSwitchUser = z.infer<typeof serviceSwitchUserSchema>;

export const serviceSwitchUsersSchema = z.object({
  /** The box's top owner (the last of its owner chain); null when nobody owns it. */
  top_owner: z.string().nullable(),
  /** Whether the caller may authorise and withdraw (it is the top owner and may switch the box itself). */
  may_grant: z.boolean(),
  /** The service staff of the box's CK, each with its grant. */
  users: z.array(serviceSwitchUserSchema),
});
export type ServiceSwitchUsers = z.infer<typeof serviceSwitchUsersSchema>;
