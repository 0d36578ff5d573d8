/**
 * The application's part of an exchange: the request handed to the handler as a lazily built
 * `Request` (`received_request.ts`), its content inside; a handler that throws is answered 500
 * in plain text.
 * @module
 */

import { ReceivedRequest } from "./received_request.ts";
import type { RequestHead } from "./request_head.ts";

/**
 * The request of `head` with `content` as the handler gets it, its URL on `origin`. A GET or
 * HEAD is handed on without the content it came with.
 */
export function requestOf(
  head: RequestHead,
  content: Uint8Array<ArrayBuffer> | undefined,
  origin: string,
): Request {
  const bodiless = head.method === "GET" || head.method === "HEAD";
  const url = origin + head.target.path;
  return new ReceivedRequest(head.method, url, head.headers, bodiless ? null : content ?? null);
}

/** Answers the request of `head` with `content` through `handler`, its URL on `origin`. */
export async function callHandler(
  { handler, origin }: { handler: Deno.ServeHandler<Deno.NetAddr>; origin: string },
  head: RequestHead,
  content: Uint8Array<ArrayBuffer> | undefined,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
): Promise<Response> {
  const request = requestOf(head, content, origin);
  try {
    return await handler(request, info);
  } catch {
    return new Response("Internal server error.\n", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}
