/** Which requests count as made with their whole body: only those marked so. */

import assert from "node:assert/strict";
import { hasWholeBody, markWholeBody } from "./whole_body.ts";

Deno.test("only a marked request has its whole body; marking returns the request itself", () => {
  const made = () => new Request("http://127.0.0.1/mcp", { method: "POST", body: "{}" });
  const request = made();
  assert.equal(hasWholeBody(request), false);
  assert.equal(markWholeBody(request), request);
  assert.equal(hasWholeBody(request), true);
  assert.equal(hasWholeBody(made()), false, "another request is not marked by the first");
  assert.equal(hasWholeBody(new Request(request)), false, "a copy is not marked");
});
