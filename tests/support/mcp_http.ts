/**
 * What every raw HTTP client of the MCP endpoint sends, and what tests read back: the headers
 * of a JSON-RPC POST, the POST itself, SHA-256 in hex (API key hashes, principal ids) and the
 * JSON lines of a server's log.
 * @module
 */

/** The `Accept` header Streamable HTTP requires on a POST: JSON or an event stream. */
export const MCP_ACCEPT = "application/json, text/event-stream";

/** The headers of a JSON-RPC POST to the MCP endpoint. */
export const JSON_RPC_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json",
  accept: MCP_ACCEPT,
};

/** A `fetch`: the global one, or the in-process handler of `support/http_server.ts`. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * POSTs `body` to `url` through `send` with {@linkcode JSON_RPC_HEADERS} and `headers`; a string
 * body is sent as it is, anything else as its JSON.
 */
export function postJsonRpc(
  send: Fetch,
  url: string | URL,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(url, {
    method: "POST",
    headers: { ...JSON_RPC_HEADERS, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The SHA-256 of `data` (text as UTF-8) in lowercase hex, as the server computes it. */
export { sha256Hex } from "../../server/bytes.ts";

/** One line of the server's JSON log. */
export type LogLine = Record<string, unknown>;

/** The JSON lines in `stderr`, in order, with any other text left out. */
export function logLines(stderr: string): LogLine[] {
  return stderr.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
}

/** The log lines of answered requests: those with a `status`. */
export function requestLines(stderr: string): LogLine[] {
  return logLines(stderr).filter((line) => typeof line.status === "number");
}
