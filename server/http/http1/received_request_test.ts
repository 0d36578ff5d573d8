import assert from "node:assert/strict";
import fc from "fast-check";
import { ReceivedFields, ReceivedRequest } from "./received_request.ts";
import { parseFieldLine } from "./field_lines.ts";

const NAMES = ["Host", "host", "Accept", "MCP-Protocol-Version", "mcp-protocol-version", "X-A"];
/** Field values as the listener's parser leaves them: visible characters, inner SP and HTAB. */
const value = fc.stringMatching(/^[!-~\x80-\xff]([!-~\x80-\xff \t]{0,8}[!-~\x80-\xff])?$/);

Deno.test("a received field is read as Headers reads it, whatever the case and repeats", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.oneof(value, fc.constant(""))), {
        maxLength: 8,
      }),
      fc.constantFrom(...NAMES, "absent"),
      (fields, name) => {
        assert.equal(new ReceivedFields(fields).get(name), new Headers(fields).get(name));
      },
    ),
  );
});

Deno.test("field lines parsed by the listener read the same as in Headers", () => {
  const lines = ["Accept:  a, b \t", "X-A:\t1", "x-a: 2 ", "Empty:"];
  const fields = lines.map(parseFieldLine);
  const received = new ReceivedFields(fields);
  for (const name of ["accept", "X-A", "empty", "host"]) {
    assert.equal(received.get(name), new Headers(fields).get(name), name);
  }
  assert.equal(received.get("x-a"), "1, 2");
});

Deno.test("a received request becomes the same Request, with a copy of its content", async () => {
  const content = new TextEncoder().encode('{"a":1}');
  const fields: [string, string][] = [["Host", "client.example"], ["Content-Type", "text/x"]];
  const received = new ReceivedRequest("POST", "http://127.0.0.1:8000/mcp?x", fields, content);
  const signal = new AbortController().signal;
  const request = received.toRequest(signal);
  assert.equal(request.method, "POST");
  assert.equal(request.url, "http://127.0.0.1:8000/mcp?x");
  assert.deepEqual([...request.headers], [["content-type", "text/x"], ["host", "client.example"]]);
  content.fill(0);
  assert.equal(await request.text(), '{"a":1}', "the Request holds its own copy");
  assert.deepEqual(received.headers.entries(), fields);
  const get = new ReceivedRequest("GET", "http://127.0.0.1:8000/", fields, null).toRequest();
  assert.equal(get.body, null);
});
