/**
 * Runs a server as its own process on 127.0.0.1, reads where it listens from its stderr, and
 * stops it for sure. Shared by the end-to-end tests and the benchmark; {@link startProject}
 * starts this project's server exactly as `deno task start` does.
 * @module
 */

import { RawClient, splitAnswers } from "@render-results/http1/testing";
import { MCP_ACCEPT } from "./mcp_http.ts";
import { readStartTask } from "./start_task.ts";

/** A running server process. */
export interface ServerProcess extends AsyncDisposable {
  /** Which server this is, for messages. */
  name: string;
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: URL;
  /** The process id. */
  pid: number;
  /** Settles when the process exits, with its exit code. */
  status: Promise<Deno.CommandStatus>;
  /** The last part of what the process wrote to stderr. */
  stderr(): string;
  /** Stops the process (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
}

/** How to start a server: its program and arguments, and how it announces where it listens. */
export interface ServerCommand {
  /** Which server this is, for messages. */
  name: string;
  /** The program, `deno` (this process's own) unless given. */
  program?: string;
  /** The program's arguments; it runs in the repository root unless `cwd` is given. */
  args: string[];
  /** The directory the program runs in. */
  cwd?: string;
  /** Environment variables, besides `NO_COLOR`. */
  env?: Record<string, string>;
  /** Matches the line announcing the server; group 1 is its origin (`/mcp` is added). */
  ready: RegExp;
  /** The process's limit of open file handles (`ulimit -n`); the system's unless given. */
  fileHandles?: number;
}

/** How this project's server announces where it listens: a JSON log line with its `url`. */
export const PROJECT_READY = /"url":"(http:\/\/[^"/]+)\/mcp"/;

const ROOT = new URL("../../", import.meta.url).pathname;
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 2_000;
const MAX_LOG_CHARS = 64 * 1024;

/** The command that starts this project's server as `deno task start` does, with `env`. */
export function projectCommand(
  env: Record<string, string> = {},
  fileHandles?: number,
): ServerCommand {
  const start = readStartTask();
  return {
    name: "project",
    args: ["run", ...start.flags, start.entry, ...start.args],
    env: { ...start.env, PORT: "0", MCP_HOSTNAME: "127.0.0.1", ...env },
    ready: PROJECT_READY,
    fileHandles,
  };
}

/** Starts this project's server as `deno task start` does, with `env`, on an ephemeral port. */
export function startProject(
  env: Record<string, string> = {},
  options: { fileHandles?: number } = {},
): Promise<ServerProcess> {
  return startServer(projectCommand(env, options.fileHandles));
}

/** Starts `deno task ...taskArgs` in the repository with every stream piped, as a stdio client. */
export function spawnTask(taskArgs: string[]): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["task", ...taskArgs],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

/** What a stdio server wrote and how it ended. */
export interface StdioExit {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Writes `request` (one line) to the stdio server `child`, waits for the first answer, sends
 * SIGTERM, and reads stdout to its end: a graceful stop as a client asks for one.
 */
export async function stopAfterAnswer(
  child: Deno.ChildProcess,
  request: string,
): Promise<StdioExit> {
  const stderr = new Response(child.stderr).text();
  const answers = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(request));
  let stdout = "";
  while (!stdout.includes("\n")) stdout += (await answers.read()).value ?? "";
  child.kill("SIGTERM");
  for (;;) {
    const { done, value } = await answers.read();
    if (done) break;
    stdout += value;
  }
  const { code } = await child.status;
  await writer.close().catch(() => {});
  return { code, stdout, stderr: await stderr };
}

/** How a server that was to start ended instead: its exit code and what it wrote to stderr. */
export interface ServerExit {
  code: number;
  stderr: string;
}

/**
 * Runs `command` until it exits, for servers that must refuse to start;
 * one still running after `timeoutMs` is killed, and that is an error.
 */
export async function runToExit(
  command: ServerCommand,
  timeoutMs = START_TIMEOUT_MS,
): Promise<ServerExit> {
  const { code, stderr } = await processCommand(command, AbortSignal.timeout(timeoutMs)).output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

/** `command`'s program with its arguments, environment and file handle limit, stderr piped. */
function processCommand(command: ServerCommand, signal?: AbortSignal): Deno.Command {
  const line = [command.program ?? Deno.execPath(), ...command.args];
  const [program, ...args] = command.fileHandles === undefined
    ? line
    : ["bash", "-c", `ulimit -n ${command.fileHandles} && exec "$@"`, "bash", ...line];
  return new Deno.Command(program, {
    args,
    cwd: command.cwd ?? ROOT,
    env: { NO_COLOR: "1", ...command.env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    signal,
  });
}

/** Starts `command` and resolves once it announces its URL on stderr. */
export async function startServer(command: ServerCommand): Promise<ServerProcess> {
  const child = processCommand(command).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const reader = child.stderr.getReader();
  const ready = Promise.withResolvers<URL>();
  let announced = false;
  const drained = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      log += decoder.decode(value, { stream: true });
      if (!announced) {
        const match = log.match(command.ready);
        if (match) {
          announced = true;
          ready.resolve(new URL("/mcp", match[1]));
        }
      }
      // Keep only the tail: a server logging every request must not make this process (which
      // shares the machine with it) rescan or hold megabytes of text.
      if (log.length > MAX_LOG_CHARS) log = log.slice(-MAX_LOG_CHARS / 2);
    }
  })().catch(() => {});
  let stopped: Promise<void> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      try {
        child.kill("SIGTERM");
      } catch {
        // Already exited.
      }
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // Exited meanwhile.
        }
      }, STOP_GRACE_MS);
      await child.status;
      clearTimeout(timer);
      await drained;
    })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const url = await Promise.race([
      ready.promise,
      child.status.then(() => Promise.reject(new Error(`${command.name} exited:\n${log}`))),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${command.name} did not start:\n${log}`)),
          START_TIMEOUT_MS,
        );
      }),
    ]);
    return {
      name: command.name,
      url,
      pid: child.pid,
      status: child.status,
      stderr: () => log,
      stop,
      [Symbol.asyncDispose]: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Memory of a process: its peak resident set, and what the resident set is made of now. */
export interface MemoryFigures {
  /** Peak resident set size so far (`VmHWM`). */
  peakBytes: number;
  /** Resident anonymous memory now: the JavaScript heap, malloc and stacks (`RssAnon`). */
  anonBytes: number;
  /** Resident file-backed memory now, mostly the `deno` binary's own pages (`RssFile`). */
  fileBytes: number;
}

/** Reads the memory figures of process `pid` from `/proc` (Linux), or undefined elsewhere. */
export async function readMemory(pid: number): Promise<MemoryFigures | undefined> {
  let status: string;
  try {
    status = await Deno.readTextFile(`/proc/${pid}/status`);
  } catch {
    return undefined;
  }
  const kilobytes = (field: string) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m"))?.[1]) * 1024;
  return {
    peakBytes: kilobytes("VmHWM"),
    anonBytes: kilobytes("RssAnon"),
    fileBytes: kilobytes("RssFile"),
  };
}

/** A free TCP port on 127.0.0.1, for servers that cannot announce an ephemeral one. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/** A POST whose head the server has and whose body it waits for. */
export interface RequestInProgress extends Disposable {
  /** Sends the body, then reads until the server closes; returns every answer it sent. */
  finish(): Promise<string[]>;
}

/**
 * Sends the head of a POST of `body` to `url` and returns once the server says it has it (it
 * answers `Expect: 100-continue` when the request is under way), so the request is in progress
 * whatever comes next. The answers `finish` returns start with that `100 Continue`.
 */
export async function requestInProgress(url: URL, body: string): Promise<RequestInProgress> {
  const client = await RawClient.connect({
    addr: { hostname: url.hostname, port: Number(url.port), transport: "tcp" },
  });
  await client.send(
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
      `Accept: ${MCP_ACCEPT}\r\nExpect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const [interim] = await client.readAnswers(1);
  if (!interim?.startsWith("HTTP/1.1 100 ")) {
    client.close();
    throw new Error(`The server did not take the request: ${interim}`);
  }
  return {
    async finish() {
      await client.send(body);
      return splitAnswers((await client.readToEnd()).text);
    },
    [Symbol.dispose]: () => client.close(),
  };
}
