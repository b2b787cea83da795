import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

/**
 * React Router's Node entry, with one change: every page is sent complete
 * (`onAllReady`), never as a shell with parts streamed in later by inline
 * scripts. Pages must be whole without JavaScript (the deferred forms of
 * app/forms/deferred.tsx are Suspense boundaries), and the server buffers
 * each page anyway to hash its inline scripts for the CSP (server/render.ts).
 */
export const streamTimeout = 5_000;

/** How the server hands this build's routes their capabilities for a request (decision 027). */
export { createSiteContext } from "#core/lib/load-context.server.ts";

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    let ready = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // Completed boundaries are written in place, however far down the page: never moved
      // there later by an inline script, which a visitor without JavaScript would not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        ready = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        headers.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: responseStatus }));
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        responseStatus = 500;
        // Errors before the page is ready reach React Router's handleError through the rejection.
        if (ready) console.error(error);
      },
    });
  });
}
