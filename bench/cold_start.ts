/**
 * Cold start: from spawning a server process to its first answered `tools/list`.
 * @module
 */

import { type ServerCommand, startServer } from "./servers.ts";
import { MCP_HEADERS } from "./workloads.ts";

const TOOLS_LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/**
 * Starts each of `commands` `runs` times, taking turns so that a slow spell of the machine hits
 * them alike; each one's times to its first `tools/list` answer, in ms, by name.
 */
export async function measureColdStarts(
  commands: ServerCommand[],
  runs: number,
): Promise<Map<string, number[]>> {
  const times = new Map(commands.map(({ name }) => [name, [] as number[]]));
  for (let run = 0; run < runs; run++) {
    for (const command of commands) {
      const started = performance.now();
      await using server = await startServer(command);
      const response = await fetch(server.url, {
        method: "POST",
        headers: MCP_HEADERS,
        body: TOOLS_LIST,
      });
      const text = await response.text();
      times.get(command.name)!.push(performance.now() - started);
      if (!text.includes('"name":"render_results"')) {
        throw new Error(`${command.name}: tools/list answered wrongly: ${text.slice(0, 300)}`);
      }
    }
  }
  return times;
}
