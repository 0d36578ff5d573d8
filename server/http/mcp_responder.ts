/**
 * The MCP step of `/mcp` and the interface behind it. A responder answers a request whose body
 * the web layer has read and parsed. Two stand behind this interface: the SDK's
 * (`sdk_responder.ts`), and the lean path (`lean_path.ts`), which answers the hot requests with
 * what it learned from the SDK's and hands it everything else. The fetch handler composes them.
 * @module
 */

import type { AuthInfo } from "@modelcontextprotocol/server";
import { type Step, untilAborted } from "./steps.ts";

/** What a request brings besides its HTTP message. */
export interface ExchangeContext {
  /** Aborts when the request's deadline passes; the exchange is then torn down. */
  signal: AbortSignal;
  /** The verified principal, when auth is on. */
  authInfo?: AuthInfo;
}

/** Answers MCP requests whose body the web layer has already read and parsed. */
export interface McpResponder {
  /** Answers `request`, whose body is `message`: with a `Response` when it is made at once. */
  respond(
    request: Request,
    message: unknown,
    context: ExchangeContext,
  ): Response | Promise<Response>;
}

/** The last step of `/mcp`: answers the parsed body with `responder`, within the deadline. */
export function serveMcp(responder: McpResponder): Step {
  return (context) => {
    const answer = responder.respond(context.request, context.message, context);
    // An answer made at once needs no deadline; only a wait for one does (listening costs an
    // abort listener and three promises per request).
    return answer instanceof Response
      ? Promise.resolve(answer)
      : untilAborted(context.signal, answer);
  };
}
