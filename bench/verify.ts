/**
 * Checks that a server really answers a workload before it is measured, and what a right
 * answer looks like inside a response body (for the load generators, which check every one).
 * @module
 */

import type { Workload } from "./workloads.ts";

/** How a server reports invalid arguments: a JSON-RPC error, or (McpServer) an `isError` result. */
export type InvalidStyle = "json-rpc-error" | "is-error-result";

/** The request headers every MCP call carries. */
export const MCP_HEADERS = {
  "Content-Type": "application/json",
  "Accept": "application/json, text/event-stream",
};

/** A JSON-RPC response: a result or an error. */
export type Answer = { result: unknown } | { error: unknown };

/**
 * A substring every right answer to `workload` has in its body: the serialized
 * `structuredContent.total` followed by the results, or the error code or `isError` flag.
 */
export function answerMarker(workload: Workload, style: InvalidStyle): string {
  if ("total" in workload.expect) return `"total":${workload.expect.total},"results":`;
  return style === "json-rpc-error" ? `"code":${workload.expect.errorCode},` : `"isError":true`;
}

/** Sends `workload` once to `url` and throws unless the answer is right; returns the answer. */
export async function verifyAnswer(
  url: URL,
  workload: Workload,
  style: InvalidStyle,
): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...workload.headers },
    body: workload.body,
  });
  const text = await response.text();
  const fail = (why: string) =>
    new Error(`${url} answered ${workload.name} wrongly (${why}): ${text.slice(0, 300)}`);
  if (response.status !== 200) throw fail(`HTTP ${response.status}`);
  // A server may answer with one server-sent event that carries the message.
  const message = JSON.parse(
    response.headers.get("content-type")?.startsWith("text/event-stream")
      ? text.match(/^data: (.*)$/m)?.[1] ?? ""
      : text,
  );
  if (message.jsonrpc !== "2.0" || message.id !== workload.name) throw fail("not its response");
  if (!text.includes(answerMarker(workload, style))) throw fail("marker missing");
  const { expect } = workload;
  if ("total" in expect) {
    const result = message.result;
    const content = result?.structuredContent;
    if (result?.isError !== false && result?.isError !== undefined) throw fail("isError");
    if (content?.total !== expect.total || content.results?.length !== expect.total) {
      throw fail(`total is not ${expect.total}`);
    }
    if (result.content?.[0]?.type !== "text" || !result.content[0].text.startsWith(content.title)) {
      throw fail("no text list");
    }
    return { result };
  }
  if (style === "json-rpc-error") {
    if (message.error?.code !== expect.errorCode) throw fail(`code is not ${expect.errorCode}`);
    return { error: message.error };
  }
  if (message.result?.isError !== true) throw fail("not an isError result");
  return { result: message.result };
}
