import { API_BASE, REALTIME_CLOSE, type RealtimeClientMessage, type RealtimeEvent } from '@cloudbox/domain';
import { getToken } from '../utils/auth';

type Listener = (event: RealtimeEvent) => void;

const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * The console's one WebSocket (`/api/v2/ws`): signed in with the session token, reconnecting with
 * back-off, and subscribed to the values of the union of boxes that open screens watch. Status,
 * fault and command events come for every box the user may see.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  /** Box id → how many screens watch its values. */
  private readonly watched = new Map<string, number>();
  private retryMs = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private subscribeQueued = false;

  constructor(private readonly url: string) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    this.ensureOpen();
    return () => this.listeners.delete(listener);
  }

  /** Asks for the values of these boxes while the returned release has not been called. */
  watch(boxes: readonly string[]): () => void {
    for (const box of boxes) this.watched.set(box, (this.watched.get(box) ?? 0) + 1);
    this.queueSubscribe();
    this.ensureOpen();
    return () => {
      for (const box of boxes) {
        const count = (this.watched.get(box) ?? 0) - 1;
        if (count > 0) this.watched.set(box, count);
        else this.watched.delete(box);
      }
      this.queueSubscribe();
    };
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000);
    this.socket = null;
  }

  private ensureOpen(): void {
    if (this.socket || this.stopped) return;
    const token = getToken();
    if (!token) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.send({ type: 'auth', token });
    });
    socket.addEventListener('message', (message: MessageEvent<string>) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(message.data) as RealtimeEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        this.retryMs = RETRY_MIN_MS;
        this.sendSubscription();
      }
      for (const listener of this.listeners) listener(event);
    });
    socket.addEventListener('close', (event) => {
      this.socket = null;
      // A session that ended stays ended: the next API call opens the logged-out dialog.
      if (this.stopped || event.code === REALTIME_CLOSE.signedOut) return;
      this.retryTimer = setTimeout(() => this.ensureOpen(), this.retryMs);
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    });
  }

  /** Screens mount and unmount in bursts: one subscribe message per task. */
  private queueSubscribe(): void {
    if (this.subscribeQueued) return;
    this.subscribeQueued = true;
    queueMicrotask(() => {
      this.subscribeQueued = false;
      this.sendSubscription();
    });
  }

  private sendSubscription(): void {
    this.send({ type: 'subscribe', boxes: [...this.watched.keys()] });
  }

  private send(message: RealtimeClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

let client: RealtimeClient | undefined;

export function realtimeClient(): RealtimeClient {
  if (!client) {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    client = new RealtimeClient(`${protocol}//${window.location.host}${API_BASE}/ws`);
  }
  return client;
}

/** Signing out or leaving the console ends the socket; the next console session opens its own. */
export function closeRealtime(): void {
  client?.close();
  client = undefined;
}
