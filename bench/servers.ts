/**
 * The benchmarks' server processes: starts one on 127.0.0.1, learns its URL from its stderr,
 * reads its CPU time and peak memory from `/proc`, and stops it for sure, on Ctrl-C too.
 * @module
 */

/** How to start a server: `deno` with these arguments, and the line that says where it listens. */
export interface ServerCommand {
  /** Which server this is, in the report and in messages. */
  name: string;
  /** Arguments of `deno`, run in the repository root. */
  args: string[];
  /** Environment variables besides the few `deno` needs to find its cache. */
  env?: Record<string, string>;
  /** Matches the line announcing the server; group 1 is its origin (`/mcp` is added). */
  ready: RegExp;
}

/** A running server. */
export interface Server extends AsyncDisposable {
  name: string;
  /** Its MCP endpoint. */
  url: URL;
  /** The process that serves: under `deno task`, the task's child. */
  pid: number;
  /** Stops it (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
}

/** The server as users start it: `deno task start`, on a free port of the loopback. */
export function startTask(env: Record<string, string> = {}, name = "project"): ServerCommand {
  return {
    name,
    args: ["task", "start"],
    env: { PORT: "0", MCP_HOSTNAME: "127.0.0.1", ...env },
    ready: /"url":"(http:\/\/[^"/]+)\/mcp"/,
  };
}

const ROOT = new URL("..", import.meta.url);
/** What is passed on of this process's environment: what `deno` needs, no server setting. */
const INHERITED = ["PATH", "HOME", "TMPDIR", "DENO_DIR", "XDG_CACHE_HOME"];
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 3_000;
/** How to stop each server running, so that none outlives the bench, on Ctrl-C included. */
const running = new Set<() => Promise<void>>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    Promise.all([...running].map((stop) => stop())).finally(() => Deno.exit(130));
  });
}

/** Starts `command` and resolves once it announces its URL. */
export async function startServer(command: ServerCommand): Promise<Server> {
  const inherited = INHERITED.flatMap((name) => {
    const value = Deno.env.get(name);
    return value === undefined ? [] : [[name, value]];
  });
  const child = new Deno.Command(Deno.execPath(), {
    args: command.args,
    cwd: ROOT,
    clearEnv: true,
    env: { ...Object.fromEntries(inherited), ...command.env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let pid = child.pid;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    stopping ??= (async () => {
      running.delete(stop);
      kill(pid, "SIGTERM");
      const timer = setTimeout(
        () => [pid, child.pid].forEach((id) => kill(id, "SIGKILL")),
        STOP_GRACE_MS,
      );
      await child.status;
      clearTimeout(timer);
    })();
  running.add(stop);
  try {
    const url = await announced(child, command, AbortSignal.timeout(START_TIMEOUT_MS));
    // `deno task` runs the server as its one child.
    if (command.args[0] === "task") pid = await childOf(child.pid);
    return { name: command.name, url, pid, stop, [Symbol.asyncDispose]: stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Reads `child`'s stderr until the ready line, then goes on reading it and drops what it reads,
 * as a log collector would: a server that logs every request must not block on a full pipe.
 */
async function announced(child: Deno.ChildProcess, command: ServerCommand, signal: AbortSignal) {
  const reader = child.stderr.getReader();
  const decoder = new TextDecoder();
  let log = "";
  const abort = () => reader.cancel();
  signal.addEventListener("abort", abort);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        throw new Error(`${command.name} ${signal.aborted ? "did not start" : "exited"}:\n${log}`);
      }
      log += decoder.decode(value, { stream: true });
      const origin = log.match(command.ready)?.[1];
      if (origin !== undefined) {
        (async () => {
          while (!(await reader.read()).done);
        })().catch(() => {});
        return new URL("/mcp", origin);
      }
    }
  } finally {
    signal.removeEventListener("abort", abort);
  }
}

async function childOf(pid: number): Promise<number> {
  const children = await Deno.readTextFile(`/proc/${pid}/task/${pid}/children`);
  const [first] = children.trim().split(" ");
  if (!first) throw new Error(`Process ${pid} has no child.`);
  return Number(first);
}

function kill(pid: number, signal: Deno.Signal): void {
  try {
    Deno.kill(pid, signal);
  } catch {
    // Already exited.
  }
}

/** The CPU time (user and system) process `pid` has used, in µs; NaN where it cannot be read. */
export function cpuMicros(pid: number): number {
  try {
    const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
    // utime and stime, in clock ticks of 10 ms (USER_HZ on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return NaN;
  }
}

/** Process `pid`'s resident bytes, now and at their peak (`VmHWM`); NaN without `/proc`. */
export async function residentBytes(pid: number): Promise<{ now: number; peak: number }> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`).catch(() => "");
  const kilobytes = (field: string) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m"))?.[1] ?? NaN) * 1024;
  return { now: kilobytes("VmRSS"), peak: kilobytes("VmHWM") };
}
