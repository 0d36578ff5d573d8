/**
 * Scale-out: the server keeps no state between requests, so two instances behind one public
 * URL serve one SDK client whose requests alternate between them.
 * @module
 */

import assert from "node:assert/strict";
import {
  createSigningKey,
  signToken,
  startAuthorizationServer,
} from "./support/authorization_server.ts";
import { eventually } from "./support/eventually.ts";
import { logLines } from "./support/mcp_http.ts";
import { createClient, ERAS, StreamableHTTPClientTransport } from "./support/sdk_client.ts";
import { startProject } from "./support/server_process.ts";

const PUBLIC_URL = "https://mcp.example.test";
const METHODS = ["tools/list", "resources/list", "resources/read", "tools/call"];

/** The JSON-RPC methods a server's log says it answered with 200. */
function servedMethods(stderr: string): string[] {
  return logLines(stderr)
    .filter((line) => line.status === 200 && typeof line.rpcMethod === "string")
    .map((line) => line.rpcMethod as string);
}

for (const era of ERAS) {
  Deno.test(`${era}: two server processes serve one client whose requests alternate between them`, async () => {
    const key = await createSigningKey("ES256", "es-1");
    await using issuer = startAuthorizationServer([key]);
    const env = {
      MCP_PUBLIC_URL: PUBLIC_URL,
      MCP_AUTH_ISSUER: issuer.issuer,
      LOG_LEVEL: "info",
    };
    await using first = await startProject(env);
    await using second = await startProject(env);
    const instances = [first, second];

    // A round-robin load balancer in front of both: the client only knows the public URL.
    const sentTo: number[] = [];
    const balance = (input: string | URL, init?: RequestInit): Promise<Response> => {
      const index = sentTo.length % instances.length;
      sentTo.push(index);
      const url = new URL(input);
      return fetch(new URL(url.pathname + url.search, instances[index].url), init);
    };
    const token = await signToken({
      key,
      claims: { iss: issuer.issuer, aud: `${PUBLIC_URL}/mcp`, sub: "user-1" },
    });
    const client = createClient(era, "scale-out-test");
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${PUBLIC_URL}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
        fetch: balance,
      }),
    );
    try {
      // Five requests a round, so each method lands on the other instance the next round.
      // `refresh` sends every request, even where the client could reuse a cached result.
      const fresh = { cacheMode: "refresh" } as const;
      for (let round = 0; round < 2; round++) {
        const { tools } = await client.listTools({}, fresh);
        assert.deepEqual(tools.map((tool) => tool.name), ["render_results"]);
        const { resources } = await client.listResources({}, fresh);
        const uri = (tools[0]._meta as { ui: { resourceUri: string } }).ui.resourceUri;
        assert.deepEqual(resources.map((resource) => resource.uri), [uri]);
        const { contents } = await client.readResource({ uri: resources[0].uri }, fresh);
        assert.equal(contents[0].uri, uri);
        const result = await client.callTool({
          name: "render_results",
          arguments: { results: [{ title: "Deno", url: "https://deno.com/" }] },
        });
        assert.equal(result.isError, false);
        assert.equal((result.structuredContent as { total: number }).total, 1);
        // 2026-07-28 has no ping: any fifth request keeps the rounds odd.
        if (era === "legacy") await client.ping();
        else await client.listTools({}, fresh);
      }
    } finally {
      await client.close();
    }

    assert.ok(sentTo.length >= 11);
    assert.ok(
      sentTo.every((index, position) => index === position % 2),
      "Requests did not alternate.",
    );
    const served = () => instances.map((instance) => servedMethods(instance.stderr()));
    // The opening request and two rounds of five answered with 200, over both logs.
    await eventually(() => served().flat().length === 11, "the log lines of both instances");
    const [firstServed, secondServed] = served();
    const opening = era === "legacy" ? "initialize" : "server/discover";
    assert.ok(
      firstServed.includes(opening) !== secondServed.includes(opening),
      `Not exactly one instance answered ${opening}.`,
    );
    for (const method of METHODS) {
      assert.ok(firstServed.includes(method), `The first instance never answered ${method}.`);
      assert.ok(secondServed.includes(method), `The second instance never answered ${method}.`);
    }
  });
}
