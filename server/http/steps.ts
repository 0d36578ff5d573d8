/**
 * The steps a request goes through, as a flat list: each step either answers the request itself
 * or hands it to the next one, and may change the answer that comes back (as CORS does). What a
 * step learns (the allowed origin, the principal, the parsed body) it records in the context
 * for the steps after it.
 * @module
 */

import type { AuthInfo } from "@modelcontextprotocol/server";

/** What the steps of one request share. */
export interface RequestContext {
  /** The request being answered. */
  readonly request: Request;
  /** The request's URL, parsed. */
  readonly url: URL;
  /** Aborts when the request's deadline passes: every step that waits gives up then. */
  readonly signal: AbortSignal;
  /** Whether the `Host` names a loopback address, once the guard accepted it. */
  loopbackHost?: boolean;
  /** The verified principal, once auth passed. */
  authInfo?: AuthInfo;
  /** The parsed JSON-RPC body, once it was read. */
  message?: unknown;
  /** The size of the text `message` was parsed from, when its bytes were all valid UTF-8. */
  messageSource?: { byteLength: number };
}

/** Calls the steps after the current one and resolves to their answer. */
export type Next = () => Promise<Response>;

/** One step: answers `context.request`, or returns what `next` answers (changed or not). */
export type Step = (context: RequestContext, next: Next) => Promise<Response>;

/** Runs `steps` in order on `context`; the last one must answer. */
export function runSteps(steps: readonly Step[], context: RequestContext): Promise<Response> {
  const run = (index: number): Promise<Response> => {
    const step = steps[index];
    if (step === undefined) {
      return Promise.reject(new Error("The last step handed the request on."));
    }
    return step(context, () => run(index + 1));
  };
  return run(0);
}

/**
 * `work`, or a rejection with `signal`'s reason as soon as it aborts, whichever comes first: a
 * step that waits for something that does not listen to the signal still gives up in time.
 */
export function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
