import type { AccessName, Role } from './roles.js';

/** Payloads of the `/user` calls (SPEC.md section 7) that client and server share. */
export interface LoginResult {
  token: string;
  expires_at: string;
}

export interface InfoUser {
  id: number;
  username: string;
  group_extra: { ck: string | null };
  is_manager: boolean;
  level: number;
  parent_id: number | null;
  roles: Role[];
  show_feedback: boolean;
  show_del_box: boolean;
  remark: string;
  registered_at: string;
}

export interface UserInfo {
  /** The user's roles plus its flags (`showFeedback`, `showDelBox`): what route meta matches. */
  roles: AccessName[];
  name: string;
  avatar: string;
  introduction: string;
  user: InfoUser;
  level: number;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: 'ok' | 'down';
  /** The MQTT broker: the embedded one listening, or the connection to MQTT_URL up. */
  broker: 'ok' | 'down';
  version: string;
  uptime_s: number;
}

/** `GET /config/public`: what the console needs before anyone signs in. */
export interface PublicConfig {
  /** The product's main hostname: not-signed-in users on it go to /mlogin instead of /login. */
  main_hostname: string | null;
  /** Overrides the translated system name in page titles when set. */
  system_name: string | null;
  /** Demo mode: the demo accounts of `DEMO_ACCOUNTS` exist. */
  demo: boolean;
}
