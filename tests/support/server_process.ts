/**
 * Starts the server as its own process (`main.ts --http` on an ephemeral port) for tests.
 * @module
 */

const MAIN = new URL("../../main.ts", import.meta.url);
const LISTENING = /on (http:\/\/\S+\/mcp)/;

/** A running server process. */
export interface ServerProcess extends AsyncDisposable {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: URL;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Stops the process and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts `main.ts --http` with `env` on 127.0.0.1 and an ephemeral port. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net", "--allow-env", "--allow-read", MAIN.pathname, "--http"],
    env: { PORT: "0", HOSTNAME: "127.0.0.1", NO_COLOR: "1", ...env },
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
  return { url, stderr: () => log, stop, [Symbol.asyncDispose]: stop };
}
