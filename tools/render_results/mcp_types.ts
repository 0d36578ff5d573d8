/**
 * The MCP result and descriptor shapes this module produces, as the MCP specification names
 * them, written out so that the module's types depend on neither SDK line: the types of both
 * lines accept them. They are type aliases, not interfaces, so that they fit the SDKs' types
 * with an index signature.
 * @module
 */

import type { JsonObject } from "./types.ts";

/** A JSON Schema for an object, as a tool's `inputSchema` and `outputSchema` are. */
export type ObjectSchema = {
  /** Always `"object"`. */
  type: "object";
  /** The schema of each property. */
  properties?: Record<string, JsonObject>;
  /** The properties that must be present. */
  required?: string[];
  /** Any other JSON Schema keyword. */
  [keyword: string]: unknown;
};

/** A tool as `tools/list` lists it. */
export type Tool = {
  /** The name the tool is called by. */
  name: string;
  /** A title for people. */
  title?: string;
  /** What the model reads to decide when to call the tool. */
  description?: string;
  /** The JSON Schema of the arguments. */
  inputSchema: ObjectSchema;
  /** The JSON Schema of `structuredContent`. */
  outputSchema?: ObjectSchema;
  /** Hints about the tool's behaviour. */
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
  /** Metadata, such as the MCP Apps view the tool declares (`ui.resourceUri`). */
  _meta?: Record<string, unknown>;
};

/** A text block of a tool result. */
export type TextContent = {
  /** Always `"text"`. */
  type: "text";
  /** The text. */
  text: string;
};

/** The result of `tools/call`. */
export type CallToolResult = {
  /** What the model and a host without UI read. */
  content: TextContent[];
  /** The same result as JSON, which a view draws. */
  structuredContent?: Record<string, unknown>;
  /** Whether the tool failed. */
  isError?: boolean;
};

/** A resource as `resources/list` lists it. */
export type Resource = {
  /** Where the resource is read from. */
  uri: string;
  /** Its name. */
  name: string;
  /** A title for people. */
  title?: string;
  /** What it is. */
  description?: string;
  /** Its MIME type. */
  mimeType?: string;
  /** Metadata, such as the MCP Apps view's `ui` settings. */
  _meta?: Record<string, unknown>;
};

/** The result of `resources/read` for a text resource. */
export type ReadResourceResult = {
  /** The resource's text and what describes it. */
  contents: {
    uri: string;
    mimeType?: string;
    text: string;
    _meta?: Record<string, unknown>;
  }[];
};
