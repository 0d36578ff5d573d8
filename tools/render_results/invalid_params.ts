/**
 * The error for invalid arguments, with no SDK behind it: servers of both SDK lines answer a
 * thrown error that has a numeric `code` with a JSON-RPC error of that code, its `message` as it
 * is, and its `data`.
 * @module
 */

/** JSON-RPC's code for invalid params. */
export const INVALID_PARAMS = -32602;

/**
 * Invalid arguments or an unknown name: a JSON-RPC -32602 error once an MCP server sends it.
 *
 * @example
 * ```ts
 * import { callRenderResults, InvalidParamsError } from "render-results-mcp";
 *
 * try {
 *   callRenderResults({ results: [{ title: "No URL" }] });
 * } catch (error) {
 *   console.log(error instanceof InvalidParamsError && error.code); // -32602
 * }
 * ```
 */
export class InvalidParamsError extends Error {
  /** Always -32602. */
  readonly code: typeof INVALID_PARAMS = INVALID_PARAMS;
  /** What the error's JSON-RPC `data` carries, if anything. */
  readonly data?: Record<string, unknown>;

  /** Makes the error with `message`, which names the field and the rule, and optional `data`. */
  constructor(message: string, data?: Record<string, unknown>) {
    super(message);
    this.name = "InvalidParamsError";
    if (data !== undefined) this.data = data;
  }
}
