/**
 * The reason phrases of the statuses the server sends, and the listener's own refusals: plain
 * text, never JSON-RPC, since the listener knows HTTP only.
 * @module
 */

const STATUS_TEXT: Record<number, string> = {
  100: "Continue",
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  417: "Expectation Failed",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
};

const encoder = new TextEncoder();

/** The status line of an answer with `status`, CRLF included. */
export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Unknown"}\r\n`;
}

/**
 * A whole answer refusing a request: `status`, a plain-text `message`, `extraHeaders` (lines
 * ending in CRLF) and `connection: close`, since the listener refuses only what ends the
 * connection.
 */
export function refusal(status: number, message: string, extraHeaders = ""): Uint8Array {
  const body = `${message}\n`;
  return encoder.encode(
    `${statusLine(status)}${extraHeaders}connection: close\r\n` +
      `content-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
  );
}
