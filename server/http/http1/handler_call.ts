/**
 * The application's part of an exchange: the request as a `Request`, body inside, handed to the
 * handler as `Deno.serve` hands it, and marked as made with its whole body (`whole_body.ts`), so
 * the handler can read it in one call; a handler that throws is answered 500 in plain text.
 * @module
 */

import { markWholeBody } from "../whole_body.ts";
import { release } from "./input_buffer.ts";
import type { RequestHead } from "./request_head.ts";
import type { Http1Handler } from "./types.ts";

/**
 * Answers the request of `head` with `body` through `handler`, its URL on `origin`. The body
 * is freed once the `Request` holds its own copy of it.
 */
export async function callHandler(
  { handler, origin }: { handler: Http1Handler; origin: string },
  head: RequestHead,
  body: Uint8Array<ArrayBuffer> | undefined,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
): Promise<Response> {
  const bodiless = head.method === "GET" || head.method === "HEAD";
  const request = new Request(origin + head.target.path, {
    method: head.method,
    headers: head.headers,
    body: bodiless ? undefined : body,
  });
  if (body) {
    release(body);
    // A GET or HEAD is made without the body it came with: only a body inside is marked.
    if (!bodiless) markWholeBody(request);
  }
  try {
    return await handler(request, info);
  } catch {
    return new Response("Internal server error.\n", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}
