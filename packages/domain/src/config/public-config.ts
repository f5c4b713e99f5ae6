import { z } from 'zod';

/** `GET /config/public`: what the console needs before anyone signs in. */
export interface PublicConfig {
  /** The product's main hostname: not-signed-in users on it go to /mlogin instead of /login. */
  main_hostname: string | null;
  /** Overrides the translated system name in page titles when set. */
  system_name: string | null;
  /** Demo mode: the demo accounts of `DEMO_ACCOUNTS` exist. */
  demo: boolean;
}

export const publicConfigSchema = z.object({
  main_hostname: z.string().nullable(),
  system_name: z.string().nullable(),
  demo: z.boolean(),
}) satisfies z.ZodType<PublicConfig>;
