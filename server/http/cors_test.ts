/**
 * The origin step: requests without `Origin` pass untouched, an allowed origin gets CORS on the
 * answer and its preflight, any other is refused before the later steps run.
 */

import assert from "node:assert/strict";
import { cors } from "./cors.ts";
import { RequestGuard } from "./guard.ts";
import { runSteps } from "./steps.ts";

const APP = "https://app.example.test";
const step = cors(new RequestGuard({ allowedOrigins: [APP], allowedHosts: [] }));

async function answer(headers: Record<string, string>, method = "POST", loopbackHost = false) {
  let reached = false;
  const request = new Request("http://127.0.0.1/mcp", { method, headers });
  const context = {
    request,
    url: new URL(request.url),
    signal: new AbortController().signal,
    loopbackHost,
  };
  const response = await runSteps([step, () => {
    reached = true;
    return Promise.resolve(new Response("next"));
  }], context);
  return { response, reached };
}

Deno.test("a request without Origin passes with no CORS headers", async () => {
  const { response, reached } = await answer({});
  assert.ok(reached);
  assert.equal(response.headers.get("access-control-allow-origin"), null);
  assert.equal(response.headers.get("vary"), null);
});

Deno.test("an allowed origin's answer names it, exposes the challenge and varies on Origin", async () => {
  const { response, reached } = await answer({ origin: APP });
  assert.ok(reached);
  assert.equal(response.headers.get("access-control-allow-origin"), APP);
  assert.match(response.headers.get("access-control-expose-headers")!, /WWW-Authenticate/);
  assert.equal(response.headers.get("vary"), "Origin");
});

Deno.test("an allowed origin's preflight is answered here, with what an MCP client sends", async () => {
  const { response, reached } = await answer({ origin: APP }, "OPTIONS");
  assert.ok(!reached);
  assert.equal(response.status, 204);
  assert.equal(response.headers.get("access-control-allow-origin"), APP);
  assert.equal(response.headers.get("access-control-allow-methods"), "POST, OPTIONS");
  assert.match(response.headers.get("access-control-allow-headers")!, /Authorization/);
});

Deno.test("another origin gets 403 before any later step; loopback ones on a loopback Host", async () => {
  for (const origin of ["https://evil.example", "http://localhost:6274"]) {
    const { response, reached } = await answer({ origin });
    assert.ok(!reached, origin);
    assert.equal(response.status, 403, origin);
    assert.equal((await response.json()).error.message, "Forbidden: this Origin is not allowed.");
  }
  const loopback = await answer({ origin: "http://localhost:6274" }, "POST", true);
  assert.ok(loopback.reached);
  assert.equal(
    loopback.response.headers.get("access-control-allow-origin"),
    "http://localhost:6274",
  );
});
