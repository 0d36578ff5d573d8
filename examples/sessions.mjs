// Streamable HTTP with session ids on Node.js, for servers of either SDK line: each session has
// its own transport and server, and a request without a session id starts one.

import { randomUUID } from "node:crypto";

/**
 * A Node.js request handler that serves each session on its own transport, made by
 * `createTransport(options)` (the SDK line's Node transport), and its own server from
 * `createServer()`.
 */
export function sessionHandler(createTransport, createServer) {
  const sessions = new Map();
  return async (request, response) => {
    const sessionId = request.headers["mcp-session-id"];
    let transport = sessions.get(sessionId);
    if (sessionId !== undefined && transport === undefined) {
      response.writeHead(404).end();
      return;
    }
    if (transport === undefined) {
      transport = createTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => sessions.delete(transport.sessionId);
      await createServer().connect(transport);
    }
    await transport.handleRequest(request, response);
  };
}
