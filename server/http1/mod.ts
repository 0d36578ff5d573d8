/**
 * An HTTP/1.1 server on `Deno.listen` that no client can hold or bloat, with a handler shaped as
 * `Deno.serve`'s. Every connection has deadlines for the head, the body, writing the answer and
 * idling between requests; connections beyond a limit are answered 503 and closed; the bytes
 * held for requests across all connections are bounded; running out of file handles pauses
 * accepting instead of ending the process; and a stop lets the requests in progress finish.
 * `Deno.serve` has none of these limits.
 *
 * It speaks the HTTP/1.1 an API server needs, strictly (RFC 9112): origin-form and absolute-form
 * targets, `Content-Length` and chunked bodies, `Expect: 100-continue`, keep-alive and pipelining
 * (one request at a time), HTTP/1.0 clients, and answers that are whole (with `Content-Length`)
 * or server-sent event streams (chunked). What it refuses, and how it holds memory, is in the
 * package's README.
 *
 * The handler gets each request once its body is read whole, within the limits, as a `Request`
 * built lazily: `method`, `url` and reading the headers cost no `Request`, and
 * {@linkcode receivedBody} gives the body without one.
 *
 * @example
 * ```ts
 * import { receivedBody, serve } from "@render-results/http1";
 *
 * const server = serve({ port: 0, limits: { maxBodyBytes: 64 * 1024 } }, (request) => {
 *   const body = receivedBody(request);
 *   return Response.json({ method: request.method, bytes: body?.byteLength ?? 0 });
 * });
 * await server.shutdown();
 * ```
 * @module
 */

export type { Events, ListenerLimits, Memory, ServeOptions } from "./_internal/options.ts";
export { receivedBody } from "./_internal/received_request.ts";
export { type HostParts, parseHost } from "./_internal/request_target.ts";
export { type Http1Server, serve, type StopReport } from "./_internal/server.ts";
