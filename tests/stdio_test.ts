/**
 * The same server over stdio, started the way a desktop client starts it (`deno task stdio`),
 * with the SDK's real client.
 */

import assert from "node:assert/strict";
import {
  type Client,
  createClient,
  type Era,
  ERAS,
  ProtocolError,
  StdioClientTransport,
} from "./support/sdk_client.ts";

import { spawnTask } from "./support/server_process.ts";
const ROOT = new URL("..", import.meta.url).pathname;

async function connectStdio(era: Era): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "stdio"],
    cwd: ROOT,
    env: { ...Deno.env.toObject(), NO_COLOR: "1" },
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => log += new TextDecoder().decode(chunk));
  const client = createClient(era);
  await client.connect(transport);
  return { client, stderr: () => log };
}

for (const era of ERAS) {
  Deno.test(`${era} over stdio: the tool, its view and every answer match HTTP`, async () => {
    const { client, stderr } = await connectStdio(era);
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 1);
      const uri = (tools[0]._meta?.ui as { resourceUri: string }).resourceUri;
      assert.match(uri, /^ui:\/\/render-results\/view-[0-9a-f]{16}\.html$/);

      const { resources } = await client.listResources();
      assert.deepEqual(resources.map((resource) => resource.uri), [uri]);
      const { contents } = await client.readResource({ uri });
      assert.equal(contents.length, 1);
      assert.equal(contents[0].mimeType, "text/html;profile=mcp-app");
      assert.ok("text" in contents[0]);
      assert.match(contents[0].text, /^<!doctype html>/i);

      const example = JSON.parse(
        await Deno.readTextFile(
          new URL("../tools/render_results/example-input.json", import.meta.url),
        ),
      );
      const expected = JSON.parse(
        await Deno.readTextFile(
          new URL("../tools/render_results/example-output.json", import.meta.url),
        ),
      );
      const { _meta: _, ...result } = await client.callTool({
        name: "render_results",
        arguments: example,
      });
      assert.deepEqual(result, expected);

      const error = await client.callTool({
        name: "render_results",
        arguments: { results: [{ title: "A", url: "ftp://Zq7Marker.example/" }] },
      }).catch((error: unknown) => error);
      assert.ok(error instanceof ProtocolError);
      assert.equal(error.code, -32602);
      assert.match(
        error.message,
        /Invalid results\[0\]\.url: must be an absolute http or https URL/,
      );
      assert.ok(!error.message.includes("Zq7Marker"));

      const unknown = await client.callTool({ name: "other", arguments: {} }).catch((e) => e);
      assert.ok(unknown instanceof ProtocolError);
      assert.equal(unknown.code, -32602);

      if (era === "legacy") await client.ping();
    } finally {
      await client.close();
    }
    assert.match(stderr(), /render_results MCP server on stdio/, "logs go to stderr");
  });
}

Deno.test("over stdio: stdout carries only protocol messages and the server exits when stdin closes", async () => {
  const child = spawnTask(["stdio"]);
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(
    '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n',
  ));
  await writer.close();
  const { code, stdout } = await child.output();
  assert.equal(code, 0);
  const lines = new TextDecoder().decode(stdout).trim().split("\n");
  assert.equal(lines.length, 2);
  const messages = lines.map((line) => JSON.parse(line));
  assert.deepEqual(messages.map((message) => [message.jsonrpc, message.id]), [["2.0", 1], [
    "2.0",
    2,
  ]]);
  assert.equal(messages[1].result.tools[0].name, "render_results");
});
