import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "#core/config/env.server.ts";
import { createSecurityHeaders } from "./headers.ts";
import { createHttpServer } from "./http-server.ts";
import { createLogger } from "./log.ts";

/**
 * What the server does before any handler: a method is case-sensitive, and a
 * lowercase one never reaches a handler, whatever Node's parser lets through
 * (tests/http/limits.test.ts sends them over a socket too).
 */
describe("methods", () => {
  function exchange(method: string) {
    const handle = vi.fn(async () => undefined);
    const server = createHttpServer(
      { handle, security: createSecurityHeaders({ hstsMaxAge: 0, origin: "http://localhost:3000", thirdParties: [] }), log: createLogger({ level: "error", write: () => undefined }) },
      parseEnv({}),
    );
    const req = new IncomingMessage(new Socket());
    req.method = method;
    const res = new ServerResponse(req);
    server.emit("request", req, res);
    return { handle, res };
  }

  it.each(["post", "get", "Post", "hEAD"])("refuses %s with 400 and runs no handler", (method) => {
    const { handle, res } = exchange(method);
    expect(handle).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.getHeader("connection")).toBe("close");
  });

  it("hands capitals to the handler", () => {
    expect(exchange("POST").handle).toHaveBeenCalledOnce();
  });
});
