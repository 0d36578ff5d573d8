/**
 * Streamable HTTP with session ids on Deno, for servers of either SDK line: each session has its
 * own transport and server, and a request without a session id starts one.
 * @module
 */

/** What a web-standard Streamable HTTP transport of either line has. */
export interface SessionTransport {
  readonly sessionId?: string;
  onclose?: () => void;
  handleRequest(request: Request): Promise<Response>;
}

/** How a transport with session ids is made on either line. */
export interface SessionOptions {
  sessionIdGenerator: () => string;
  onsessioninitialized: (sessionId: string) => void;
}

/**
 * A `Deno.serve` handler that serves each session on its own transport, made by
 * `createTransport(options)`, to which `connect(transport)` connects a new server.
 */
export function sessionHandler<T extends SessionTransport>(
  createTransport: (options: SessionOptions) => T,
  connect: (transport: T) => Promise<void>,
): (request: Request) => Promise<Response> {
  const sessions = new Map<string, T>();
  return async (request) => {
    const sessionId = request.headers.get("mcp-session-id");
    let transport = sessionId === null ? undefined : sessions.get(sessionId);
    if (sessionId !== null && transport === undefined) return new Response(null, { status: 404 });
    if (transport === undefined) {
      const created = createTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
      });
      created.onclose = () => void sessions.delete(created.sessionId!);
      await connect(created);
      transport = created;
    }
    return transport.handleRequest(request);
  };
}
