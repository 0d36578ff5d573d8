/** Types of the `render_results` arguments and structured result. */

/** A JSON value as `JSON.parse` makes it; numbers are finite. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** One source result as the caller supplies it. */
export interface SourceInput {
  title: string;
  url: string;
  id?: string;
  text?: string;
  metadata?: JsonObject;
}

/** The validated arguments of `render_results`. */
export interface RenderInput {
  results: SourceInput[];
  title?: string;
}

/** One source result in the structured result: the input with its id filled. */
export interface SourceResult {
  id: string;
  title: string;
  url: string;
  text?: string;
  metadata?: JsonObject;
}

/** The `structuredContent` of a successful `render_results` call. */
export interface RenderOutput {
  title: string;
  total: number;
  results: SourceResult[];
}
