/**
 * The raw event view of one box (`/scripts/ws-demo`, root): WebSocket
 * `/api/v2/scripts/ws-demo/:boxId` (signed in by the `Admin-Token` cookie or `?token=`) answers
 * what this server instance's broker connection hears from the box and sends to it, as it is on
 * the wire, and the box's connection and status changes. Nothing is recorded: the tap costs nothing
 * while nobody watches.
 */

/** How the payload is shown: UTF-8 text as received, or base64 when it is not valid UTF-8. */
export type TapEncoding = 'utf8' | 'base64';

export type BoxTapEvent =
  /** The tap is open: events of this box follow. */
  | { type: 'ready'; box_id: string }
  /** An MQTT message from the box (`cloudbox/{id}/up/...`), `size` its bytes. */
  | { type: 'up'; at: number; topic: string; payload: string; encoding: TapEncoding; size: number }
  /** A message the server sent to the box (`cloudbox/{id}/down/...`). */
  | { type: 'down'; at: number; topic: string; payload: string; encoding: TapEncoding; size: number }
  /** The box connected to this instance's broker (embedded broker only). */
  | { type: 'connected'; at: number; source_ip: string | null }
  | { type: 'disconnected'; at: number; reason: string }
  /** The server decided the box is online or offline. */
  | { type: 'status'; at: number; online: boolean }
  /** The browser fell behind: these many events were left out. */
  | { type: 'skipped'; count: number }
  | { type: 'error'; code: number; message: string };

/** Close codes: not signed in, not allowed (not root), and no such box. */
export const BOX_TAP_CLOSE = { signedOut: 4401, forbidden: 4403, notFound: 4404 } as const;

/** The bytes of a payload shown at most (a bigger one is cut; `size` tells its real size). */
export const BOX_TAP_MAX_PAYLOAD = 16 * 1024;
