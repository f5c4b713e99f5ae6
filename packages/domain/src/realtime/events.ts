import type { CommandView } from '../commands/command.js';
import type { NotificationItem } from '../notices/notices.js';

/**
 * WebSocket /api/v2/ws: live events for the devices the signed-in user may see. The client
 * authenticates with `?token=` or a first message `{type: 'auth', token}`, then may send
 * `{type: 'subscribe', boxes: [...]}` to receive the `values` of those boxes (status, fault and
 * command events come for every box it may see, values only for the boxes it subscribed to).
 */
export type RealtimeClientMessage = { type: 'auth'; token: string } | { type: 'subscribe'; boxes: string[] };

export type RealtimeEvent =
  | { type: 'ready'; user: string }
  /** A `subscribe` has taken effect: values of these many boxes reach this socket from now on. */
  | { type: 'subscribed'; boxes: number }
  | { type: 'status'; box_id: string; online: boolean; at: number }
  /** At most one per controller per second: the values that changed since the last one. */
  | { type: 'values'; box_id: string; controller_id: number; ts: number; values: Record<string, number> }
  | {
      type: 'fault';
      box_id: string;
      controller_id: number;
      state: 'opened' | 'closed';
      record: {
        id: number;
        severity: 'alert' | 'fault';
        code: number;
        message: string;
        register: number;
        value: number;
        started_at: number;
        ended_at: number | null;
      };
    }
  | { type: 'command'; command: CommandView }
  /** A new notification in this user's inbox (in the socket's language), and how many are unread now. */
  | { type: 'notice'; notification: NotificationItem; unread: number }
  /** The devices this user may see, or what it may do to them, changed: lists are to be read again. */
  | { type: 'scope' }
  | { type: 'error'; code: number; message: string };

/** WebSocket close codes: the session is missing or ended (the console signs in again). */
export const REALTIME_CLOSE = { signedOut: 4401, badMessage: 4400 } as const;
