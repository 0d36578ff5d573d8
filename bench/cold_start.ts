/**
 * Cold start: from spawning the server process to its first answered `tools/list`.
 * @module
 */

import { type ServerCommand, startServer } from "../tests/support/server_process.ts";
import { MCP_HEADERS } from "./verify.ts";

const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/** Starts `command` `runs` times and returns each time to the first `tools/list` answer, in ms. */
export async function measureColdStarts(command: ServerCommand, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await using server = await startServer(command);
    const response = await fetch(server.url, {
      method: "POST",
      headers: MCP_HEADERS,
      body: TOOLS_LIST,
    });
    const message = await response.json();
    times.push(performance.now() - started);
    if (message.result?.tools?.[0]?.name !== "render_results") {
      throw new Error(`tools/list answered wrongly: ${JSON.stringify(message).slice(0, 300)}`);
    }
  }
  return times;
}
