/**
 * The MCP step of `/mcp` and the interface behind it. A responder answers a request whose body the
 * web layer has read and parsed. Two stand behind this interface: the SDK's (`sdk_responder.ts`),
 * and the lean responder (`lean_responder.ts`), which answers the hot requests with what it learned
 * from the SDK's and hands it everything else. The fetch handler composes them.
 * @module
 */

import { type RequestContext, type Step, untilAborted } from "./steps.ts";

/** Answers MCP requests whose body the web layer has already read and parsed. */
export interface McpResponder {
  /**
   * Answers `context.request`, whose parsed body is `context.message`: with a `Response` when it
   * is made at once. An exchange that waits is torn down when `context.signal` aborts.
   */
  respond(context: RequestContext): Response | Promise<Response>;
}

/** The last step of `/mcp`: answers the parsed body with `responder`, within the deadline. */
export function serveMcp(responder: McpResponder): Step {
  return (context) => {
    const answer = responder.respond(context);
    // An answer made at once needs no deadline; only a wait for one does (listening costs an
    // abort listener and three promises per request).
    return answer instanceof Response
      ? Promise.resolve(answer)
      : untilAborted(context.signal, answer);
  };
}
