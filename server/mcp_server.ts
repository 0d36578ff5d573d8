/**
 * The MCP server: the `render_results` tool and its view resource on the SDK's low-level
 * `Server`, which answers invalid arguments with JSON-RPC errors and serves the JSON Schemas
 * verbatim.
 * @module
 */

import { RENDER_RESULTS, renderResultsTool } from "../tools/render_results/descriptor.ts";
import { renderResults } from "../tools/render_results/handler.ts";
import { INVALID_PARAMS } from "../tools/render_results/validate.ts";
import {
  AjvJsonSchemaValidator,
  CallToolRequestSchema,
  type CallToolResult,
  type Implementation,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  RequestSchema,
  Server,
  type Tool,
} from "./sdk.ts";
import { loadViewResource, type ViewResource } from "./view_resource.ts";
import denoJson from "../deno.json" with { type: "json" };

/** The MCP resource-not-found error code. */
const RESOURCE_NOT_FOUND = -32002;

// `tools/call` with any params: the SDK then answers a malformed request (say, `arguments` that
// is not an object) with -32602 instead of the -32603 its own stricter schema would give.
const LooseCallToolRequestSchema = RequestSchema.extend({
  method: CallToolRequestSchema.shape.method,
});

/** The server's name and version as clients see them. */
const SERVER_INFO: Implementation = {
  name: "render-results",
  title: "Render results",
  version: denoJson.version,
};

/** Everything a server needs, prepared once at start-up and shared by every request. */
export interface McpApp {
  view: ViewResource;
  tools: { tools: Tool[] };
}

/** Reads the built view and prepares the tool list. */
export async function loadMcpApp(): Promise<McpApp> {
  const view = await loadViewResource();
  return { view, tools: { tools: [renderResultsTool(view.uri)] } };
}

// One validator for all servers: the SDK otherwise builds a new Ajv for every `Server`. It is
// built on first use, which never comes here (the SDK validates only elicitation answers with
// it), so start-up skips its 4 ms.
let ajv: AjvJsonSchemaValidator | undefined;
const jsonSchemaValidator: Pick<AjvJsonSchemaValidator, "getValidator"> = {
  getValidator(schema) {
    ajv ??= new AjvJsonSchemaValidator();
    return ajv.getValidator(schema);
  },
};

/** Creates a server for one connection (stdio) or one stateless HTTP request. */
export function createMcpServer(app: McpApp): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: "Call render_results with source results you already retrieved to show them " +
      "as a list of cards (or a numbered text list where the host shows no UI).",
    jsonSchemaValidator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => app.tools);
  server.setRequestHandler(LooseCallToolRequestSchema, (request) => {
    if (request.params?.name !== RENDER_RESULTS) {
      throw protocolError(INVALID_PARAMS, `Unknown tool: the only tool is ${RENDER_RESULTS}.`);
    }
    return callRenderResults(request.params?.arguments);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [app.view.resource] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    if (request.params.uri !== app.view.uri) {
      throw protocolError(
        RESOURCE_NOT_FOUND,
        "Resource not found: list resources for the view's URI.",
      );
    }
    return app.view.contents;
  });
  return server;
}

function callRenderResults(args: unknown): CallToolResult {
  try {
    return renderResults(args);
  } catch (error) {
    if (error instanceof Error && "code" in error) throw error;
    console.error("render_results failed:", error);
    return {
      content: [{
        type: "text",
        text: "The results could not be rendered because of an internal error. " +
          "The arguments were valid; calling again may help.",
      }],
      isError: true,
    };
  }
}

function protocolError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}
