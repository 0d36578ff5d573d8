/**
 * Which browsers and which Host names may reach `/mcp`: the origin policy and the DNS-rebinding
 * guard.
 * @module
 */

import { type Config, isLoopbackHostname } from "../config.ts";

/** Decides whether a request's `Origin` and `Host` headers are acceptable. */
export class RequestGuard {
  readonly #origins: Set<string>;
  readonly #hosts: Set<string>;
  readonly #loopbackOnly: boolean;
  readonly #checksHost: boolean;

  constructor(
    config: Pick<Config, "allowedOrigins" | "allowedHosts" | "loopbackOnly" | "publicUrl">,
  ) {
    this.#origins = new Set(config.allowedOrigins);
    this.#hosts = new Set(config.allowedHosts);
    if (config.publicUrl) {
      const publicUrl = new URL(config.publicUrl);
      this.#origins.add(publicUrl.origin);
      this.#hosts.add(publicUrl.host.toLowerCase());
    }
    this.#loopbackOnly = config.loopbackOnly;
    this.#checksHost = config.loopbackOnly || config.allowedHosts.length > 0;
  }

  /**
   * Whether `origin` may call the server from a browser. Requests without `Origin` come from
   * non-browser clients and are allowed.
   */
  allowsOrigin(origin: string | null): boolean {
    if (origin === null) return true;
    if (this.#origins.has(origin)) return true;
    if (!this.#loopbackOnly) return false;
    try {
      const url = new URL(origin);
      return (url.protocol === "http:" || url.protocol === "https:") &&
        isLoopbackHostname(url.hostname);
    } catch {
      return false;
    }
  }

  /**
   * Whether the `Host` header is acceptable. When the server listens on loopback only, the Host
   * must be a loopback name or an allowed host, so a rebound DNS name cannot reach it; with
   * `MCP_ALLOWED_HOSTS` set, only those hosts are accepted.
   */
  allowsHost(host: string | null): boolean {
    if (!this.#checksHost) return true;
    if (host === null) return false;
    const normalized = host.toLowerCase();
    const hostname = hostnameOf(normalized);
    if (this.#hosts.has(normalized) || this.#hosts.has(hostname)) return true;
    return this.#loopbackOnly && isLoopbackHostname(hostname);
  }
}

function hostnameOf(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.indexOf(":");
  return colon === -1 ? host : host.slice(0, colon);
}
