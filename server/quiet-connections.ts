import type { Server } from "node:http";
import type { Socket } from "node:net";

/**
 * The server's connections and how long each has been quiet (no request under way since its last
 * answer, or since it was accepted): what a shutdown closes after its drain. A connection that has
 * only just become idle is left a moment: its client's next request may already be on the wire,
 * and closing it then is the reset (ECONNRESET) a visitor would see. `http.Server`'s own
 * `closeIdleConnections()` cannot tell the two apart.
 */
export function trackQuietConnections(server: Server, now: () => number = () => performance.now()) {
  /** Per open connection: requests under way, and when it last became idle. */
  const open = new Map<Socket, { busy: number; since: number }>();
  server.on("connection", (socket: Socket) => {
    open.set(socket, { busy: 0, since: now() });
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.busy += 1;
    res.once("close", () => {
      state.busy -= 1;
      state.since = now();
    });
  });
  return {
    /** Closes the connections quiet for at least `quietMs`; how many stay open. */
    closeQuiet(quietMs: number): number {
      const at = now();
      for (const [socket, state] of open) {
        if (state.busy === 0 && at - state.since >= quietMs) socket.destroy();
      }
      return [...open.values()].filter((state) => state.busy > 0 || at - state.since < quietMs).length;
    },
  };
}
