import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a server, which a test can cut (every connection dropped, new ones
 * refused) and restore on the same port, or stall (nothing forwarded): the network failing between the
 * store and its database or Redis.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = createConnection(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every open connection and refuses new ones. */
    async cut(): Promise<void> {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closing;
      server = undefined;
    },
    restore: listen,
    /** Keeps every connection open but forwards nothing: a server that stopped answering. */
    stall(): void {
      for (const socket of sockets) socket.pause();
    },
    /** Forwards again what was held back by `stall`. */
    unstall(): void {
      for (const socket of sockets) socket.resume();
    },
    close(): Promise<void> {
      return this.cut();
    },
  };
}
