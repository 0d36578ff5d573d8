/**
 * The application's part of an exchange: the request handed to the handler as received
 * (`received_request.ts`), its content inside; a handler that throws is answered 500 in plain
 * text.
 * @module
 */

import { ReceivedRequest } from "./received_request.ts";
import type { RequestHead } from "./request_head.ts";
import type { Http1Handler } from "./types.ts";

/**
 * Answers the request of `head` with `content` through `handler`, its URL on `origin`. A GET or
 * HEAD is handed on without the content it came with.
 */
export async function callHandler(
  { handler, origin }: { handler: Http1Handler; origin: string },
  head: RequestHead,
  content: Uint8Array<ArrayBuffer> | undefined,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
): Promise<Response> {
  const bodiless = head.method === "GET" || head.method === "HEAD";
  const request = new ReceivedRequest(
    head.method,
    origin + head.target.path,
    head.headers,
    bodiless ? null : content ?? null,
  );
  try {
    return await handler(request, info);
  } catch {
    return new Response("Internal server error.\n", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}
