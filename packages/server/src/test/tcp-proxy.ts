import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  readonly port: number;
  /** The outage: new connections are refused and the open ones are cut. */
  cut(): Promise<void>;
  /** The end of the outage: connections are taken again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (a database, say) that can be cut on cue, as an
 * outage looks to the server: connections refused and open ones reset.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  function accept(client: Socket): void {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  async function listen(port: number): Promise<number> {
    server = createServer(accept);
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  }

  async function stopListening(): Promise<void> {
    const listening = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (listening) await new Promise((resolve) => listening.close(resolve));
  }

  const port = await listen(0);
  return {
    port,
    cut: stopListening,
    async restore() {
      if (!server) await listen(port);
    },
    close: stopListening,
  };
}

/** Where a database URL points. */
export function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
}

/** The database URL pointed at the proxy instead. */
export function throughProxy(url: string, proxy: Pick<TcpProxy, 'port'>): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
