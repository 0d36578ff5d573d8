/**
 * Starts the server as its own process (`main.ts --http` on an ephemeral port) for tests.
 * @module
 */

const MAIN = new URL("../../main.ts", import.meta.url);
const LISTENING = /on (http:\/\/\S+\/mcp)/;

/** A running server process. */
export interface ServerProcess extends AsyncDisposable {
  /** The process id. */
  pid: number;
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: URL;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Stops the process and waits for it to exit. */
  stop(): Promise<void>;
}

/** How a server process is started. */
export interface ProcessOptions {
  /** The process's limit of open file handles (`ulimit -n`); the system's unless given. */
  fileHandles?: number;
}

/** Starts `main.ts --http` with `env` on 127.0.0.1 and an ephemeral port. */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: ProcessOptions = {},
): Promise<ServerProcess> {
  const deno = [
    Deno.execPath(),
    "run",
    "--allow-net",
    "--allow-env",
    "--allow-read",
    MAIN.pathname,
    "--http",
  ];
  const [command, ...args] = options.fileHandles === undefined
    ? deno
    : ["bash", "-c", `ulimit -n ${options.fileHandles} && exec "$@"`, "bash", ...deno];
  const child = new Deno.Command(command, {
    args,
    env: { PORT: "0", MCP_HOSTNAME: "127.0.0.1", NO_COLOR: "1", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const reader = child.stderr.getReader();
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${log}`)), 20_000);
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        log += decoder.decode(value, { stream: true });
        const match = log.match(LISTENING);
        if (match) {
          clearTimeout(timer);
          resolve(new URL(match[1]));
        }
      }
      clearTimeout(timer);
      reject(new Error(`Server exited before listening:\n${log}`));
    })().catch(reject);
  }).catch(async (error) => {
    child.kill();
    await child.status;
    throw error;
  });
  // Keep draining stderr so the process never blocks on a full pipe.
  const drained = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      log += decoder.decode(value, { stream: true });
    }
  })().catch(() => {});
  let stopped: Promise<void> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      child.kill("SIGTERM");
      await child.status;
      await drained;
    })();
  return { pid: child.pid, url, stderr: () => log, stop, [Symbol.asyncDispose]: stop };
}
