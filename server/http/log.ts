/**
 * Structured logs on stderr: one JSON line per request at `info` and `debug`, warnings at `warn`
 * and below. Never arguments, tokens or credentials; the principal appears only as a hash.
 * @module
 */

import type { LogLevel } from "../config.ts";

/** One line of the request log. */
export interface RequestRecord {
  /** The HTTP method. */
  method: string;
  /** The URL path. */
  path: string;
  /** The HTTP status answered. */
  status: number;
  /** Time from the request's arrival to its answer, in milliseconds. */
  durationMs: number;
  /** The JSON-RPC method, or `batch`, when the body was read. */
  rpcMethod?: string;
  /** The tool called, for `tools/call`. */
  tool?: string;
  /** The hashed principal, when auth is on and passed. */
  principal?: string;
}

/** The longest JSON-RPC method or tool name logged; longer ones are cut. */
const MAX_NAME_LENGTH = 100;

/** Writes the server's log lines for one log level. */
export class Logger {
  /** Whether a line is written for every request (levels `info` and `debug`). */
  readonly logsRequests: boolean;
  readonly #logsWarnings: boolean;
  readonly #logsErrors: boolean;

  constructor(level: LogLevel) {
    this.logsRequests = level === "info" || level === "debug";
    this.#logsWarnings = this.logsRequests || level === "warn";
    this.#logsErrors = this.#logsWarnings || level === "error";
  }

  /** Logs one answered request. */
  request(record: RequestRecord): void {
    if (!this.logsRequests) return;
    const durationMs = Math.round(record.durationMs * 100) / 100;
    write({ time: new Date().toISOString(), level: "info", ...record, durationMs });
  }

  /** Logs a problem the server recovers from, such as an unreachable authorization server. */
  warn(message: string): void {
    if (this.#logsWarnings) write({ time: new Date().toISOString(), level: "warn", message });
  }

  /** Logs a failure the server did not expect, with the error's name and message. */
  error(message: string, error: unknown): void {
    if (!this.#logsErrors) return;
    const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    write({ time: new Date().toISOString(), level: "error", message, error: cause });
  }
}

/** The JSON-RPC method and tool name of `message`, cut to a bounded length, for the log. */
export function describeMessage(message: unknown): Pick<RequestRecord, "rpcMethod" | "tool"> {
  if (Array.isArray(message)) return { rpcMethod: "batch" };
  if (typeof message !== "object" || message === null) return {};
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (typeof method !== "string") return {};
  const name = method === "tools/call" ? params?.name : undefined;
  return {
    rpcMethod: method.slice(0, MAX_NAME_LENGTH),
    tool: typeof name === "string" ? name.slice(0, MAX_NAME_LENGTH) : undefined,
  };
}

function write(line: Record<string, unknown>): void {
  console.error(JSON.stringify(line));
}
