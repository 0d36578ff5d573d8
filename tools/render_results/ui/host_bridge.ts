/**
 * The view's side of the MCP Apps protocol (specification 2026-01-26): JSON-RPC 2.0 over
 * `postMessage` with the host window, limited to the messages this view needs. Message names and
 * shapes are checked against the types exported by `@modelcontextprotocol/ext-apps`; the imports
 * are type-only, so none of that package ends up in the bundle.
 *
 * @module
 */
import type {
  LATEST_PROTOCOL_VERSION,
  McpUiAppCapabilities,
  McpUiDisplayMode,
  McpUiDownloadFileRequest,
  McpUiDownloadFileResult,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiHostContextChangedNotification,
  McpUiInitializedNotification,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiOpenLinkRequest,
  McpUiRequestDisplayModeRequest,
  McpUiRequestDisplayModeResult,
  McpUiResourceTeardownRequest,
  McpUiResourceTeardownResult,
  McpUiSizeChangedNotification,
  McpUiToolCancelledNotification,
  McpUiToolInputNotification,
  McpUiToolInputPartialNotification,
  McpUiToolResultNotification,
  McpUiUpdateModelContextRequest,
} from "@modelcontextprotocol/ext-apps";
import { isObject, type Json } from "./json.ts";
import type { HostConnection, HostEvents } from "./view_host.ts";

const PROTOCOL_VERSION: typeof LATEST_PROTOCOL_VERSION = "2026-01-26";

/** Notifications the host sends that this view handles. */
type HostNotification =
  | McpUiToolInputNotification
  | McpUiToolInputPartialNotification
  | McpUiToolResultNotification
  | McpUiToolCancelledNotification
  | McpUiHostContextChangedNotification;

/** Requests the host sends that this view answers. */
type HostRequest = McpUiResourceTeardownRequest | { method: "ping"; params?: object };

/** Messages this view sends. */
type ViewMessage =
  | McpUiDownloadFileRequest
  | McpUiInitializeRequest
  | McpUiInitializedNotification
  | McpUiOpenLinkRequest
  | McpUiRequestDisplayModeRequest
  | McpUiUpdateModelContextRequest
  | McpUiSizeChangedNotification;

/** This view's answer to a request from the host. */
type HostReply = { id: string | number } & ({ result: object } | { error: object });

/** A connection to the host window that speaks the MCP Apps messages this view uses. */
export class HostBridge implements HostConnection {
  #host: Window;
  #events: HostEvents;
  #nextId = 1;
  #pending = new Map<number, (reply: Json) => void>();
  #context: McpUiHostContext = {};
  #capabilities: McpUiHostCapabilities = {};
  #height = -1;

  /** Listens to messages from `host` (the parent window unless given), told to `events`. */
  constructor(events: HostEvents, host: Window = globalThis.parent) {
    this.#events = events;
    this.#host = host;
    globalThis.addEventListener("message", this.#receive);
  }

  /**
   * Sends `ui/initialize`, applies the host context it returns, then sends `initialized`.
   * Rejects at once in a window of its own, which no host frames.
   */
  async connect(
    appInfo: McpUiInitializeRequest["params"]["appInfo"],
    appCapabilities: McpUiAppCapabilities,
  ): Promise<void> {
    if (this.#host === globalThis.window) throw new Error("No host window frames the view.");
    const result = await this.#request({
      method: "ui/initialize",
      params: { protocolVersion: PROTOCOL_VERSION, appInfo, appCapabilities },
    }) as Partial<McpUiInitializeResult>;
    if (isObject(result.hostCapabilities)) this.#capabilities = result.hostCapabilities;
    this.#mergeContext(result.hostContext);
    this.#send({ method: "ui/notifications/initialized" });
  }

  /** Whether the host opens links (`ui/open-link`). */
  get canOpenLinks(): boolean {
    return isObject(this.#capabilities.openLinks);
  }

  /** Asks the host to open `url`; resolves false when the host answers that it did not. */
  async openLink(url: string): Promise<boolean> {
    const result = await this.#request({ method: "ui/open-link", params: { url } });
    return result.isError !== true;
  }

  /** The content the host accepts in `ui/update-model-context`, or undefined if it accepts none. */
  get modelContext(): McpUiHostCapabilities["updateModelContext"] {
    const modalities = this.#capabilities.updateModelContext;
    return isObject(modalities) ? modalities : undefined;
  }

  /** Replaces what the view told the model before (only when the host accepts it). */
  updateModelContext(params: McpUiUpdateModelContextRequest["params"]): void {
    if (this.modelContext) this.#request({ method: "ui/update-model-context", params });
  }

  /** Whether the host takes files to download (`ui/download-file`). */
  get canDownload(): boolean {
    return isObject(this.#capabilities.downloadFile);
  }

  /**
   * Asks the host to download `text` as the file `name` (letters, digits, `-` and `.` only) of
   * media type `mimeType`; resolves true unless the host refused it or the user cancelled. The
   * host names the file after the last segment of the resource's URI.
   */
  async downloadFile(name: string, mimeType: string, text: string): Promise<boolean> {
    const result: McpUiDownloadFileResult = await this.#request({
      method: "ui/download-file",
      params: {
        contents: [{
          type: "resource",
          resource: { uri: `file:///${name}`, mimeType, text },
        }],
      },
    });
    return result.isError !== true;
  }

  /** Asks the host for display `mode`, then applies the mode the host says it set. */
  async requestDisplayMode(mode: McpUiDisplayMode): Promise<void> {
    const result: Partial<McpUiRequestDisplayModeResult> = await this.#request({
      method: "ui/request-display-mode",
      params: { mode },
    });
    if (typeof result.mode === "string") this.#mergeContext({ displayMode: result.mode });
  }

  /**
   * Tells the host the view's height, unless it is the height last told. The width is left out:
   * the view fits any width, and hosts that size the frame from a reported width would keep it
   * at that width when their window narrows.
   */
  sizeChanged(height: number): void {
    if (height === this.#height) return;
    this.#height = height;
    this.#send({ method: "ui/notifications/size-changed", params: { height } });
  }

  #send(message: (ViewMessage & { id?: number }) | HostReply): void {
    this.#host.postMessage({ jsonrpc: "2.0", ...message }, "*");
  }

  /**
   * Sends a request; resolves with its result, or with `{ isError: true }` when the host answers
   * an error.
   */
  #request(message: ViewMessage): Promise<Json> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(
        id,
        (reply) => resolve(isObject(reply.result) ? reply.result : { isError: true }),
      );
      this.#send({ id, ...message });
    });
  }

  #mergeContext(update: unknown): void {
    if (!isObject(update)) return;
    this.#context = { ...this.#context, ...update };
    this.#events.hostContext(this.#context);
  }

  #receive = (event: MessageEvent): void => {
    const message = event.data;
    if (event.source !== this.#host || !isObject(message) || message.jsonrpc !== "2.0") return;
    const { id, method, params } = message;
    try {
      if (typeof method !== "string") {
        this.#pending.get(id as number)?.(message);
        this.#pending.delete(id as number);
      } else if (id === undefined) {
        this.#onNotification(method as HostNotification["method"], isObject(params) ? params : {});
      } else if (typeof id === "string" || typeof id === "number") {
        this.#onRequest(id, method as HostRequest["method"]);
      }
    } catch {
      // A malformed message must not break the view; the state it left stays on screen.
    }
  };

  #onNotification(method: HostNotification["method"], params: Json): void {
    const events = this.#events;
    if (method === "ui/notifications/host-context-changed") this.#mergeContext(params);
    else if (method === "ui/notifications/tool-input") events.toolInput(params, false);
    else if (method === "ui/notifications/tool-input-partial") events.toolInput(params, true);
    else if (method === "ui/notifications/tool-result") events.toolResult(params as never);
    else if (method === "ui/notifications/tool-cancelled") events.toolCancelled(params);
  }

  #onRequest(id: string | number, method: HostRequest["method"]): void {
    if (method === "ui/resource-teardown") this.#events.teardown();
    else if (method !== "ping") {
      return this.#send({ id, error: { code: -32601, message: "Method not found" } });
    }
    this.#send({ id, result: {} satisfies McpUiResourceTeardownResult });
  }
}
