/**
 * Structured logs on stderr: one JSON line per request at `info` and `debug`, warnings at `warn`
 * and below. Never arguments, tokens or credentials; the principal appears only as a hash.
 *
 * Lines are held and written together, at most {@linkcode FLUSH_DELAY_MS} after the first of them:
 * under load a write per request, or per turn of the event loop, costs a small request a large
 * part of its CPU. Each write holds whole lines only, and what is held is written at once when
 * {@linkcode MAX_HELD_LINES} are held, when the process exits (as a stop ends) or when it dies of
 * an uncaught error.
 * @module
 */

import type { LogLevel } from "./config.ts";

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

const SEVERITY: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, off: 4 };

/** How long a line may wait to be written: short for a person watching, long for a burst. */
const FLUSH_DELAY_MS = 10;
/**
 * How many lines may wait: a burst holds bounded memory, and each write fits a pipe's buffer
 * (64 KiB on Linux), which a write larger than the reader has drained would wait for.
 */
const MAX_HELD_LINES = 200;

/** The log lines not yet written. */
const held: string[] = [];
/** Writes lines through `console`, where runtimes collect logs (Deno Deploy reads only `console`). */
const writeToConsole = (lines: string): void => console.error(lines);
/** Where held lines go: `console`, until {@linkcode writeLogsToStderr}. */
let writeLines = writeToConsole;
/** Whether held lines are written when the process exits. */
let watching = false;

/**
 * Writes the server's log lines, each one JSON object on stderr, for one log level:
 *
 * - `debug`: also why the SDK refused a request (a header that disagrees with the body, a
 *   protocol version it does not speak), which the client was told too;
 * - `info`: one line per request;
 * - `warn`: problems the server recovers from (the authorization server unreachable, no file
 *   handles left);
 * - `error`: failures it did not expect, with their stack;
 * - `off`: nothing but the line that says where the server listens, which every level writes.
 */
export class Logger {
  /** Whether a line is written for every request (levels `info` and `debug`). */
  readonly logsRequests: boolean;
  readonly #severity: number;

  constructor(level: LogLevel) {
    this.#severity = SEVERITY[level];
    this.logsRequests = this.#severity <= SEVERITY.info;
  }

  /** Says where the server listens, whatever the level. */
  listening(url: string): void {
    writeLogLine("info", `render_results MCP server on ${url}`, { url });
  }

  /** Logs a fact about the server, at `info`. */
  info(message: string): void {
    if (this.logsRequests) writeLogLine("info", message);
  }

  /** Logs one answered request. */
  request(record: RequestRecord): void {
    if (this.logsRequests) hold(requestLine(record));
  }

  /** Logs why the SDK refused a request, at `debug`. */
  debug(message: string): void {
    if (this.#severity <= SEVERITY.debug) {
      writeLogLine("debug", message);
    }
  }

  /** Logs a problem the server recovers from, such as an unreachable authorization server. */
  warn(message: string): void {
    if (this.#severity <= SEVERITY.warn) {
      writeLogLine("warn", message);
    }
  }

  /**
   * Logs a failure the server did not expect, with the error's name and message and its stack,
   * which names the source files and lines (the bundle's source map is applied to it).
   */
  error(message: string, error: unknown): void {
    if (this.#severity > SEVERITY.error) return;
    if (!(error instanceof Error)) return writeLogLine("error", message, { error: String(error) });
    const { name, stack } = error;
    writeLogLine("error", message, { error: `${name}: ${error.message}`, stack });
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

/**
 * Writes one log line, whatever the log level: a JSON object with the time, the level, the
 * message (when given) and `fields`, on stderr.
 */
export function writeLogLine(
  level: Exclude<LogLevel, "off">,
  message?: string,
  fields: Record<string, unknown> = {},
): void {
  hold(JSON.stringify({ time: timestamp(), level, message, ...fields }));
}

/**
 * The line of one request, as {@linkcode writeLogLine} would write it at `info`, made without the
 * objects a `JSON.stringify` of the record needs: it is made for every request.
 */
function requestLine(record: RequestRecord): string {
  const { method, path, status, rpcMethod, tool, principal } = record;
  const durationMs = Math.round(record.durationMs * 100) / 100;
  let line = `{"time":"${timestamp()}","level":"info","method":${JSON.stringify(method)},` +
    `"path":${JSON.stringify(path)},"status":${status},"durationMs":${durationMs}`;
  if (rpcMethod !== undefined) line += `,"rpcMethod":${JSON.stringify(rpcMethod)}`;
  if (tool !== undefined) line += `,"tool":${JSON.stringify(tool)}`;
  if (principal !== undefined) line += `,"principal":${JSON.stringify(principal)}`;
  return `${line}}`;
}

/** The millisecond of the last timestamp made, and its text: one `Date` per millisecond. */
let stampedAt = NaN;
let stamp = "";

/** The time now as ISO 8601 text in UTC, to the millisecond. */
function timestamp(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
}

/** Holds `line` to be written with the others; see the module's notes. */
function hold(line: string): void {
  if (held.length === 0) {
    // A web timer, which loads nothing and does not hold the process (the global `setTimeout`
    // would load Node's timers at start); the process flushes on its way out anyway.
    AbortSignal.timeout(FLUSH_DELAY_MS).addEventListener("abort", flushLogs, { once: true });
    holdUntilExit();
  }
  held.push(line);
  if (held.length >= MAX_HELD_LINES) flushLogs();
}

/** Writes every log line held so far, in one write: for runtimes whose exit Deno's events miss. */
export function flushLogs(): void {
  if (held.length === 0) return;
  const lines = held.join("\n");
  held.length = 0;
  writeLines(lines);
}

/**
 * Writes log lines straight to the process's stderr from now on, not through `console`, which
 * raised the peak memory under request load (docs/decisions/memory_and_gc.md). For a process
 * that owns its stderr (its own listener, stdio), never where a platform collects `console`.
 */
export function writeLogsToStderr(): void {
  const encoder = new TextEncoder();
  writeLines = (lines) => {
    const bytes = encoder.encode(`${lines}\n`);
    let written = 0;
    try {
      while (written < bytes.length) {
        const count = Deno.stderr.writeSync(bytes.subarray(written));
        if (count === 0) break;
        written += count;
      }
    } catch {
      // Handed to `console` below.
    }
    if (written < bytes.length) {
      // Stderr failed (its reader closed it, say): this line's rest and every later one go
      // through `console`, which drops what it cannot write, and the server goes on.
      writeLines = writeToConsole;
      writeToConsole(new TextDecoder().decode(bytes.subarray(written, -1)));
    }
  };
}

/** Makes sure held lines are written however the process ends. */
function holdUntilExit(): void {
  if (watching) return;
  watching = true;
  // Node.js has no such events on its global scope; its command flushes on the process's exit.
  if (typeof globalThis.addEventListener !== "function") return;
  // Neither listener stops the error from ending the process: they only write what is held
  // before the runtime reports it.
  for (const event of ["unload", "error", "unhandledrejection"]) {
    globalThis.addEventListener(event, flushLogs);
  }
}
