/**
 * Structured logs on stderr: one JSON line per request at `info` and `debug`, warnings at `warn`
 * and below. Never arguments, tokens or credentials; the principal appears only as a hash.
 * @module
 */

import type { LogLevel } from "../config.ts";
import type { AuthInfo } from "../sdk.ts";

/** What the web layer learned about a request while answering it. */
export interface RequestFacts {
  /** The parsed JSON-RPC body, when the request got that far. */
  body?: unknown;
  /** The verified principal, when auth is on and passed. */
  authInfo?: AuthInfo;
}

/** The longest JSON-RPC method or tool name logged; longer ones are cut. */
const MAX_NAME_LENGTH = 100;

/** Writes the server's log lines for one log level. */
export class Logger {
  /** Whether a line is written for every request (levels `info` and `debug`). */
  readonly logsRequests: boolean;
  readonly #logsWarnings: boolean;

  constructor(level: LogLevel) {
    this.logsRequests = level === "info" || level === "debug";
    this.#logsWarnings = this.logsRequests || level === "warn";
  }

  /** Logs one answered request. */
  request(
    request: Request,
    path: string,
    facts: RequestFacts,
    status: number,
    durationMs: number,
  ): void {
    if (!this.logsRequests) return;
    const { rpcMethod, tool } = describeBody(facts.body);
    const principal = facts.authInfo?.extra?.principal;
    write({
      time: new Date().toISOString(),
      level: "info",
      method: request.method,
      path,
      rpcMethod,
      tool,
      status,
      durationMs: Math.round(durationMs * 100) / 100,
      principal: typeof principal === "string" ? principal : undefined,
    });
  }

  /** Logs a problem the server recovers from, such as an unreachable authorization server. */
  warn(message: string): void {
    if (this.#logsWarnings) write({ time: new Date().toISOString(), level: "warn", message });
  }
}

function describeBody(body: unknown): { rpcMethod?: string; tool?: string } {
  if (Array.isArray(body)) return { rpcMethod: "batch" };
  if (typeof body !== "object" || body === null) return {};
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
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
