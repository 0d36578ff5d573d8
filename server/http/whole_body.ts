/**
 * Requests made with their whole body already received, as the server's own listener makes
 * them: such a body can be read in one call, with no stream in between, and its size is within
 * the listener's limit. A `Request` from anywhere else (`Deno.serve`, a test) is read as a
 * stream, as it arrives.
 * @module
 */

const WHOLE_BODY = Symbol("whole body");

/** Marks `request`, made with its whole body already in it, and returns it. */
export function markWholeBody(request: Request): Request {
  (request as Request & { [WHOLE_BODY]?: true })[WHOLE_BODY] = true;
  return request;
}

/** Whether `request` was marked by {@linkcode markWholeBody}. */
export function hasWholeBody(request: Request): boolean {
  return (request as Request & { [WHOLE_BODY]?: true })[WHOLE_BODY] === true;
}
