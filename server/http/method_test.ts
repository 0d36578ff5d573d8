/** The method step: POST goes on, every other method gets 405 naming the allowed ones. */

import assert from "node:assert/strict";
import { postOnly } from "./method.ts";
import { runSteps } from "./steps.ts";

async function answer(method: string) {
  const request = new Request("http://127.0.0.1/mcp", { method });
  const context = {
    request,
    url: new URL(request.url),
    signal: new AbortController().signal,
  };
  return await runSteps([postOnly, () => Promise.resolve(new Response("next"))], context);
}

Deno.test("POST goes on to the next step", async () => {
  assert.equal(await (await answer("POST")).text(), "next");
});

Deno.test("GET, DELETE and other methods get 405 with Allow and a JSON-RPC error", async () => {
  for (const method of ["GET", "DELETE", "PUT", "PATCH"]) {
    const response = await answer(method);
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    assert.deepEqual(await response.json(), {
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: "Method not allowed: this stateless server takes POST only.",
      },
      id: null,
    });
  }
});
