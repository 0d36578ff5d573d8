/**
 * The Host and Origin policy: well-formed Host values only, loopback or allowed hosts only, and
 * browser origins only when allowed (or loopback, on a loopback Host).
 */

import assert from "node:assert/strict";
import { guardHost, RequestGuard } from "./guard.ts";
import { runSteps } from "./steps.ts";

const open = new RequestGuard({ allowedOrigins: [], allowedHosts: [] });

Deno.test("a malformed Host is a bad request", () => {
  for (
    const host of [
      null,
      "",
      " 127.0.0.1",
      "127.0.0.1 ",
      "user@127.0.0.1",
      "127.0.0.1/path",
      "127.0.0.1:",
      "127.0.0.1:99999",
      "127.0.0.1:80:80",
      "::1",
      "[::1",
      "local host",
      "local%68ost",
      "-bad.example",
      "bad-.example",
      "exa_mple.com",
      "localhost?x",
      "localhost#x",
      "localhost\\x",
    ]
  ) {
    const verdict = open.host(host);
    assert.deepEqual(verdict.ok ? 200 : verdict.status, 400, String(host));
  }
});

Deno.test("loopback Hosts pass; any other needs MCP_ALLOWED_HOSTS or MCP_PUBLIC_URL", () => {
  for (
    const host of [
      "127.0.0.1",
      "127.0.0.1:8000",
      "localhost",
      "LOCALHOST:1",
      "[::1]:8000",
      "127.1.2.3",
      "localhost.",
    ]
  ) {
    assert.equal(open.host(host).ok, true, host);
  }
  for (
    const host of [
      "evil.example",
      "localhost.evil.example",
      "127.0.0.1.evil.example",
      "10.0.0.1",
      "[::2]",
    ]
  ) {
    const verdict = open.host(host);
    assert.equal(verdict.ok ? 200 : verdict.status, 403, host);
  }
  const configured = new RequestGuard({
    allowedOrigins: [],
    allowedHosts: ["mcp.internal", "api.example.test:8443"],
    publicUrl: "https://mcp.example.test",
  });
  for (
    const host of [
      "mcp.internal",
      "mcp.internal:443",
      "api.example.test:8443",
      "mcp.example.test",
      "MCP.EXAMPLE.TEST",
    ]
  ) {
    assert.equal(configured.host(host).ok, true, host);
  }
  for (const host of ["api.example.test", "api.example.test:8444", "other.example.test"]) {
    assert.equal(configured.host(host).ok, false, host);
  }
  const any = new RequestGuard({ allowedOrigins: [], allowedHosts: ["*"] });
  assert.equal(any.host("anything.example:8080").ok, true);
  const malformed = any.host("bad host");
  assert.equal(malformed.ok ? 200 : malformed.status, 400);
});

Deno.test("browser origins: allowed ones, and loopback ones on a loopback Host", () => {
  const guard = new RequestGuard({
    allowedOrigins: ["https://app.example.test"],
    allowedHosts: ["mcp.internal"],
  });
  assert.equal(guard.allowedOrigin("https://app.example.test", false), "https://app.example.test");
  assert.equal(guard.allowedOrigin("http://localhost:6274", true), "http://localhost:6274");
  for (
    const [loopback, origin] of [
      [false, "http://localhost:6274"],
      [true, "https://evil.example"],
      [true, "null"],
      [true, "http://localhost.evil.example"],
      [true, "https://app.example.test/path"],
      [true, "https://APP.example.test"],
      [true, "https://app.example.test:443"],
      [true, "file://localhost"],
    ] as const
  ) {
    assert.equal(guard.allowedOrigin(origin, loopback), undefined, `${loopback} ${origin}`);
  }
});

Deno.test("the guard step refuses a Host before any later step, and passes a good one on", async () => {
  const step = guardHost(new RequestGuard({ allowedOrigins: [], allowedHosts: [] }));
  const reached: string[] = [];
  const answer = async (host: string) => {
    const request = new Request("http://127.0.0.1/any/path", { headers: { host } });
    const context = {
      request,
      url: new URL(request.url),
      signal: new AbortController().signal,
    };
    const response = await runSteps([step, (context) => {
      reached.push(`${host} loopback=${context.loopbackHost}`);
      return Promise.resolve(new Response("next"));
    }], context);
    return { status: response.status, body: await response.text() };
  };
  assert.deepEqual(await answer("localhost:8000"), { status: 200, body: "next" });
  const foreign = await answer("evil.example");
  assert.equal(foreign.status, 403);
  assert.deepEqual(JSON.parse(foreign.body).error, {
    code: -32000,
    message: "Forbidden: this Host is not allowed; see MCP_ALLOWED_HOSTS and MCP_PUBLIC_URL.",
  });
  assert.equal((await answer("bad host")).status, 400);
  assert.deepEqual(reached, ["localhost:8000 loopback=true"]);
});
