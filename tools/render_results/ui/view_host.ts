/**
 * What the view asks of the host it runs in, and what the host tells the view, whichever runtime
 * the host offers: the MCP Apps bridge (`host_bridge.ts`) or the ChatGPT Apps SDK runtime
 * (`openai_host.ts`).
 *
 * @module
 */
import type {
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiToolCancelledNotification,
  McpUiToolInputPartialNotification,
  McpUiToolResultNotification,
  McpUiUpdateModelContextRequest,
} from "@modelcontextprotocol/ext-apps";

/** The host as the view's controls use it. */
export interface ViewHost {
  /** Whether the host opens links itself; where it does not, links are plain links. */
  readonly canOpenLinks: boolean;
  /** Asks the host to open `url`; resolves false when the host did not. */
  openLink(url: string): Promise<boolean>;
  /** Whether the host takes files to download. */
  readonly canDownload: boolean;
  /**
   * Asks the host to download `text` as the file `name` of media type `mimeType`; resolves false
   * when the host refused or the user declined.
   */
  downloadFile(name: string, mimeType: string, text: string): Promise<boolean>;
  /** Asks the host for display `mode`. */
  requestDisplayMode(mode: McpUiDisplayMode): Promise<void>;
  /** The content the host accepts as model context, or undefined if it accepts none. */
  readonly modelContext: McpUiHostCapabilities["updateModelContext"];
  /** Replaces what the view told the model before (only where the host accepts it). */
  updateModelContext(params: McpUiUpdateModelContextRequest["params"]): void;
}

/** The host as the view's entry point uses it: the controls' part, and the view's height. */
export interface HostConnection extends ViewHost {
  /** Tells the host how tall the view's content is, in CSS pixels. */
  sizeChanged(height: number): void;
}

/**
 * What the host tells the view, in the same words whichever runtime it speaks. Every field comes
 * from another process and is checked where it is read (`state.ts`).
 */
export interface HostEvents {
  /** The tool's arguments: whole, or still streaming (`partial`). */
  toolInput(params: McpUiToolInputPartialNotification["params"], partial: boolean): void;
  /** The tool's result. */
  toolResult(result: McpUiToolResultNotification["params"]): void;
  /** The call was cancelled. */
  toolCancelled(params: McpUiToolCancelledNotification["params"]): void;
  /** The host context changed; `context` is the whole context, updates merged in. */
  hostContext(context: McpUiHostContext): void;
  /** The host is about to remove the view. */
  teardown(): void;
}
