/**
 * The Host and Origin policy: well-formed Host values only, loopback or allowed hosts only, and
 * browser origins only when allowed (or loopback, on a loopback Host).
 */

import assert from "node:assert/strict";
import { RequestGuard } from "./guard.ts";

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
    const verdict = open.check(host, null);
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
    assert.equal(open.check(host, null).ok, true, host);
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
    const verdict = open.check(host, null);
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
    assert.equal(configured.check(host, null).ok, true, host);
  }
  for (const host of ["api.example.test", "api.example.test:8444", "other.example.test"]) {
    assert.equal(configured.check(host, null).ok, false, host);
  }
  const any = new RequestGuard({ allowedOrigins: [], allowedHosts: ["*"] });
  assert.equal(any.check("anything.example:8080", null).ok, true);
  const malformed = any.check("bad host", null);
  assert.equal(malformed.ok ? 200 : malformed.status, 400);
});

Deno.test("browser origins: allowed ones, and loopback ones on a loopback Host", () => {
  const guard = new RequestGuard({
    allowedOrigins: ["https://app.example.test"],
    allowedHosts: ["mcp.internal"],
  });
  assert.deepEqual(guard.check("127.0.0.1", null), { ok: true, origin: null });
  assert.deepEqual(guard.check("mcp.internal", "https://app.example.test"), {
    ok: true,
    origin: "https://app.example.test",
  });
  assert.deepEqual(guard.check("127.0.0.1:8000", "http://localhost:6274"), {
    ok: true,
    origin: "http://localhost:6274",
  });
  for (
    const [host, origin] of [
      ["mcp.internal", "http://localhost:6274"],
      ["127.0.0.1", "https://evil.example"],
      ["127.0.0.1", "null"],
      ["127.0.0.1", "http://localhost.evil.example"],
      ["127.0.0.1", "https://app.example.test/path"],
      ["127.0.0.1", "https://APP.example.test"],
      ["127.0.0.1", "https://app.example.test:443"],
      ["127.0.0.1", "file://localhost"],
    ]
  ) {
    const verdict = guard.check(host, origin);
    assert.equal(verdict.ok ? 200 : verdict.status, 403, `${host} ${origin}`);
  }
});
