/**
 * The npm package's command, `render-results-mcp` (`npx -y render-results-mcp`): the stdio
 * server of `deno task stdio` on Node.js 20 and later. Only the runtime is Node's here: its
 * standard streams as web streams, its environment, signals and exit.
 * @module
 */

import process from "node:process";
import { Readable, Writable } from "node:stream";
import { flushLogs } from "../server/log.ts";
import { serveOnStdio } from "../server/stdio.ts";

// Held log lines are written however the process ends: exit, signal or uncaught error.
process.on("exit", flushLogs);

serveOnStdio(
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
  Writable.toWeb(process.stdout),
  {
    env: { get: (name) => process.env[name] },
    addSignalListener: (signal, listener) => process.on(signal, listener),
    exit: (code) => process.exit(code),
  },
);
