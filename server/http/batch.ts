/**
 * JSON-RPC batches on the 2025-era endpoint. MCP 2025-03-26 takes them; 2025-06-18 removed them,
 * and no later revision has them. A batch is answered as soon as the requests it holds are, and
 * a request that the same batch cancels is not one of those: it would never be answered.
 * @module
 */

import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import { isJsonObject } from "../json.ts";
import { jsonRpcErrorResponse } from "./json_rpc_error.ts";

/** The protocol versions whose clients may send batches. */
const BATCH_VERSIONS: ReadonlySet<string> = new Set(["2025-03-26"]);

/**
 * The version a server assumes for a 2025-era request without `MCP-Protocol-Version`, as
 * 2025-06-18 and later say (the header came with 2025-06-18).
 */
const ASSUMED_VERSION = "2025-03-26";

/**
 * The refusal of `batch` when the request's protocol version has no batches: the
 * `MCP-Protocol-Version` header's, else that of an `initialize` in the batch, else 2025-03-26.
 */
export function batchRefusal(request: Request, batch: unknown[]): Response | undefined {
  const header = request.headers.get("mcp-protocol-version")?.trim();
  const version = header ?? initializeVersion(batch) ?? ASSUMED_VERSION;
  if (BATCH_VERSIONS.has(version)) return undefined;
  return jsonRpcErrorResponse(
    400,
    ProtocolErrorCode.InvalidRequest,
    "Invalid request: JSON-RPC batches are part of MCP 2025-03-26 only; " +
      "send one message per POST.",
  );
}

/** `batch` without the requests that a `notifications/cancelled` in it names. */
export function withoutCancelled(batch: unknown[]): unknown[] {
  const cancelled = new Set<unknown>();
  for (const message of batch) {
    if (fieldOf(message, "method") !== "notifications/cancelled") continue;
    const id = fieldOf(fieldOf(message, "params"), "requestId");
    if (typeof id === "string" || typeof id === "number") cancelled.add(id);
  }
  if (cancelled.size === 0) return batch;
  return batch.filter((message) =>
    typeof fieldOf(message, "method") !== "string" || !cancelled.has(fieldOf(message, "id"))
  );
}

function initializeVersion(batch: unknown[]): string | undefined {
  const initialize = batch.find((message) => fieldOf(message, "method") === "initialize");
  const version = fieldOf(fieldOf(initialize, "params"), "protocolVersion");
  return typeof version === "string" ? version : undefined;
}

function fieldOf(value: unknown, name: string): unknown {
  return isJsonObject(value) ? value[name] : undefined;
}
