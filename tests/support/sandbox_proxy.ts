/**
 * The sandbox proxy page a host on `@mcp-ui/client` must supply (the package ships none), made
 * like ext-apps' basic-host's: served from an origin other than the host page's, it tells the
 * host it is ready, writes the view's HTML into an inner sandboxed frame when the host sends it,
 * and relays every other message between the host and the view. Its content security policy is
 * an HTTP header built from the `csp` query parameter the renderer adds, which the inner frame
 * inherits.
 *
 * @module
 */

/** The resource's declared domains, as the renderer passes them in the `csp` query parameter. */
interface DeclaredDomains {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** The page's script, run in the proxy frame. */
function relay() {
  const host = parent;
  const hostOrigin = new URL(document.referrer).origin;
  const inner = document.createElement("iframe");
  inner.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
  document.body.append(inner);
  addEventListener("message", (event) => {
    const message = event.data;
    if (event.source === host && event.origin === hostOrigin) {
      if (message?.method !== "ui/notifications/sandbox-resource-ready") {
        inner.contentWindow?.postMessage(message, "*");
        return;
      }
      const { html, sandbox } = message.params ?? {};
      if (typeof sandbox === "string") inner.setAttribute("sandbox", sandbox);
      if (typeof html === "string") inner.srcdoc = html;
    } else if (event.source === inner.contentWindow) {
      host.postMessage(message, hostOrigin);
    }
  });
  host.postMessage(
    { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
    hostOrigin,
  );
}

/** The proxy page's HTML. */
export const SANDBOX_PROXY_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<title>Sandbox proxy</title>
<style>html,body{margin:0;height:100%;background:transparent}
iframe{display:block;width:100%;height:100%;border:0}</style></head>
<body><script>(${relay})()</script></body></html>`;

function sources(domains: unknown): string {
  return Array.isArray(domains)
    ? domains.filter((d) => typeof d === "string" && !/[\s;,'"]/.test(d)).join(" ")
    : "";
}

/**
 * The proxy page's content security policy for the `csp` query parameter `query`: the MCP Apps
 * default (inline script and style, `data:` images, no network) plus the declared domains.
 */
export function proxyPolicy(query: string | null): string {
  let declared: DeclaredDomains = {};
  try {
    declared = query ? JSON.parse(query) : {};
  } catch {
    // A malformed parameter gets the default policy.
  }
  const resources = sources(declared.resourceDomains);
  const connect = sources(declared.connectDomains);
  const frames = sources(declared.frameDomains);
  const bases = sources(declared.baseUriDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${connect || "'none'"}`,
    `frame-src ${frames || "'none'"}`,
    `base-uri ${bases || "'self'"}`,
    "object-src 'none'",
  ].map((directive) => directive.trim()).join("; ");
}
