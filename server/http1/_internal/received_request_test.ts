import assert from "node:assert/strict";
import fc from "fast-check";
import { receivedBody, ReceivedRequest } from "./received_request.ts";
import { parseFieldLine } from "./field_lines.ts";

const NAMES = [
  "Host",
  "host",
  "Accept",
  "MCP-Protocol-Version",
  "mcp-protocol-version",
  "X-A",
  "Set-Cookie",
  "set-cookie",
];
/** Field values as the listener's parser leaves them: visible characters, inner SP and HTAB. */
const value = fc.stringMatching(/^[!-~\x80-\xff]([!-~\x80-\xff \t]{0,8}[!-~\x80-\xff])?$/);
/** Lists of fields, the names repeated in any case, some values empty. */
const fieldLists = fc.array(
  fc.tuple(fc.constantFrom(...NAMES), fc.oneof(value, fc.constant(""))),
  { maxLength: 8 },
);
const URL = "http://127.0.0.1:8000/mcp?x";

/** A received POST with `fields` and no content. */
function received(fields: [string, string][]): Request {
  return new ReceivedRequest("POST", URL, fields, null);
}

Deno.test("a received field is read as Headers reads it, whatever the case and repeats", () => {
  fc.assert(
    fc.property(
      fieldLists,
      fc.constantFrom(...NAMES, "absent"),
      (fields, name) => {
        assert.equal(received(fields).headers.get(name), new Headers(fields).get(name));
      },
    ),
  );
});

Deno.test("received fields are listed as Headers lists them, whatever the case and repeats", () => {
  fc.assert(
    fc.property(
      fieldLists,
      fc.constantFrom(...NAMES, "absent"),
      (fields, name) => {
        const { headers } = received(fields);
        const made = new Headers(fields);
        assert.deepEqual([...headers], [...made]);
        assert.deepEqual([...headers.entries()], [...made.entries()]);
        assert.deepEqual([...headers.keys()], [...made.keys()]);
        assert.deepEqual([...headers.values()], [...made.values()]);
        assert.deepEqual(headers.getSetCookie(), made.getSetCookie());
        assert.equal(headers.has(name), made.has(name));
        const seen: [string, string][] = [];
        headers.forEach((value, key, parent) => {
          assert.equal(parent, headers);
          seen.push([key, value]);
        });
        assert.deepEqual(seen, [...made]);
      },
    ),
  );
});

Deno.test("field lines parsed by the listener read the same as in Headers", () => {
  const lines = ["Accept:  a, b \t", "X-A:\t1", "x-a: 2 ", "Empty:"];
  const fields = lines.map(parseFieldLine);
  const request = received(fields);
  for (const name of ["accept", "X-A", "empty", "host"]) {
    assert.equal(request.headers.get(name), new Headers(fields).get(name), name);
  }
  assert.equal(request.headers.get("x-a"), "1, 2");
});

Deno.test("a received request is a Request, the same as one made from what was received", async () => {
  const content = new TextEncoder().encode('{"a":1}');
  const fields: [string, string][] = [["Host", "client.example"], ["Content-Type", "text/x"]];
  const request = new ReceivedRequest("POST", URL, fields, content);
  const made = new Request(URL, { method: "POST", headers: fields, body: content.slice() });
  assert.ok(request instanceof Request && request.headers instanceof Headers);
  for (const key of ["method", "url", "bodyUsed", "redirect", "cache", "mode"] as const) {
    assert.equal(request[key], made[key], key);
  }
  assert.deepEqual([...request.headers], [...made.headers]);
  assert.equal(request.headers.has("HOST"), true);
  content.fill(0);
  assert.equal(await request.text(), '{"a":1}', "the Request holds its own copy");
  assert.equal(request.bodyUsed, true);
  await assert.rejects(request.text(), TypeError, "the body is used once, as on a Request");
  const get = new ReceivedRequest("GET", URL, fields, null);
  assert.equal(get.body, null);
  assert.equal(await get.clone().text(), "");
});

Deno.test("its headers change as a Request's do, and the change is read back", () => {
  const request = received([["X-A", "1"]]);
  request.headers.set("x-a", "2");
  request.headers.append("x-b", "3");
  assert.equal(request.headers.get("X-A"), "2");
  assert.equal(request.headers.has("x-b"), true);
  assert.deepEqual([...request.headers], [["x-a", "2"], ["x-b", "3"]]);
  assert.deepEqual([...request.clone().headers], [["x-a", "2"], ["x-b", "3"]]);
  const seen: string[] = [];
  request.headers.forEach((value, name, parent) => {
    assert.equal(parent, request.headers);
    seen.push(`${name}=${value}`);
  });
  assert.deepEqual(seen, ["x-a=2", "x-b=3"]);
});

Deno.test("a new Request takes a received one's headers as they are", async () => {
  const request = received([["Host", "a"], ["X-A", "1"], ["x-a", "2"]]);
  const copy = new Request(request.url, { method: "PUT", headers: request.headers });
  assert.deepEqual([...copy.headers], [["host", "a"], ["x-a", "1, 2"]]);
  assert.equal(await copy.text(), "");
});

Deno.test("the received body is the content itself, and nothing for any other Request", async () => {
  const content = new TextEncoder().encode("hi");
  const request = new ReceivedRequest("POST", URL, [], content);
  assert.equal(receivedBody(request), content);
  assert.equal(await request.text(), "hi", "reading it did not use the body up");
  assert.deepEqual(receivedBody(received([])), new Uint8Array(0));
  assert.equal(receivedBody(new Request(URL, { method: "POST", body: "hi" })), undefined);
});
