import { once } from "node:events";
import { type Server, type Socket, connect, createServer } from "node:net";

/**
 * A TCP relay the test can cut and restore: the way to take a database away
 * from a running server (connections drop, new ones are refused) and give it back.
 */
export type TcpProxy = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as { port: number }).port;
  };
  const stop = async () => {
    for (const s of sockets) s.destroy();
    server.close();
    await once(server, "close");
  };
  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
