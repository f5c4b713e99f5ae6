import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

/** The server's own client: the only one that may use other boxes' topics. */
export const OBSERVER = { username: 'observer', password: 'observer-secret' };

/**
 * An in-process Aedes broker that checks what the production broker checks: a box logs in with its
 * id and its secret, and publishes and subscribes only under its own id.
 */
export async function startAedes(secrets: ReadonlyMap<string, string>): Promise<TestBroker> {
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const secret = username === OBSERVER.username ? OBSERVER.password : secrets.get(username ?? '');
      const ok = secret !== undefined && password?.toString() === secret && (username === OBSERVER.username || client.id === `box-${username}`);
      if (ok) (client as unknown as { user: string }).user = username!;
      done(null, ok);
    },
    authorizePublish(client, packet, callback) {
      callback(ownTopic(client, packet.topic) ? null : new Error('not your topic'));
    },
    authorizeSubscribe(client, subscription, callback) {
      callback(ownTopic(client, subscription.topic) ? null : new Error('not your topic'), subscription);
    },
  });
  const server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      server.close();
    },
  };
}

function ownTopic(client: unknown, topic: string): boolean {
  const user = (client as { user?: string } | null)?.user;
  return user === OBSERVER.username || topic.startsWith(`cloudbox/${user}/`);
}

export interface Observed {
  topic: string;
  text: string;
  /** When it arrived (performance.now()). */
  at: number;
}

/** The server's side of the test: watches the boxes' topics and writes to them. */
export class Observer {
  readonly messages: Observed[] = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload) => this.messages.push({ topic, text: payload.toString(), at: performance.now() }));
  }

  static async connect(url: string, boxIds: readonly string[]): Promise<Observer> {
    const client = await mqtt.connectAsync(url, { ...OBSERVER, clientId: `observer-${process.pid}-${Math.random().toString(36).slice(2)}` });
    const observer = new Observer(client);
    await client.subscribeAsync(
      boxIds.map((id) => `cloudbox/${id}/up/#`),
      { qos: 1 },
    );
    return observer;
  }

  on(topic: string): Observed[] {
    return this.messages.filter((message) => message.topic === topic);
  }

  async waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Clears what the boxes left retained, so a shared broker does not collect test leftovers. */
  async forgetRetained(boxIds: readonly string[]): Promise<void> {
    await Promise.all(boxIds.map((id) => this.client.publishAsync(`cloudbox/${id}/up/status`, '', { qos: 1, retain: true })));
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
