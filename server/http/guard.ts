/**
 * Which `Host` and which browser `Origin` may reach `/mcp`: the DNS-rebinding guard and the
 * origin policy. Both hold however the server is started, since neither depends on the address
 * it listens on.
 * @module
 */

import { type Config, hostnameOf, isLoopbackHostname } from "../config.ts";

/** What the guard makes of a request's `Host` and `Origin` headers. */
export type GuardVerdict =
  | { ok: true; origin: string | null }
  | { ok: false; status: 400 | 403; message: string };

/** Decides whether a request's `Host` and `Origin` are acceptable. */
export class RequestGuard {
  readonly #origins: Set<string>;
  readonly #hosts: Set<string>;
  readonly #anyHost: boolean;

  constructor(config: Pick<Config, "allowedOrigins" | "allowedHosts" | "publicUrl">) {
    this.#origins = new Set(config.allowedOrigins);
    this.#hosts = new Set(config.allowedHosts.filter((host) => host !== "*"));
    this.#anyHost = config.allowedHosts.includes("*");
    if (config.publicUrl) {
      const publicUrl = new URL(config.publicUrl);
      this.#origins.add(publicUrl.origin);
      this.#hosts.add(publicUrl.host.toLowerCase());
    }
  }

  /**
   * Checks `host` and `origin`. A `Host` must be well formed (400 otherwise) and name a loopback
   * address, an allowed host or the public URL's host (403 otherwise), so that a DNS name
   * rebound to this server cannot reach it. A request without `Origin` comes from a non-browser
   * client; a browser's `Origin` must be allowed, or be loopback when the `Host` is. The allowed
   * origin is returned in its serialized form, never as the client wrote it.
   */
  check(host: string | null, origin: string | null): GuardVerdict {
    const name = host === null ? undefined : hostnameOf(host);
    if (name === undefined) {
      return { ok: false, status: 400, message: "Bad request: the Host header is malformed." };
    }
    const loopback = isLoopbackHostname(name);
    if (
      !loopback && !this.#anyHost && !this.#hosts.has(host!.toLowerCase()) &&
      !this.#hosts.has(name)
    ) {
      return {
        ok: false,
        status: 403,
        message: "Forbidden: this Host is not allowed; see MCP_ALLOWED_HOSTS and MCP_PUBLIC_URL.",
      };
    }
    if (origin === null) return { ok: true, origin: null };
    const allowed = allowedOrigin(origin, this.#origins, loopback);
    return allowed === undefined
      ? { ok: false, status: 403, message: "Forbidden: this Origin is not allowed." }
      : { ok: true, origin: allowed };
  }
}

function allowedOrigin(origin: string, allowed: Set<string>, loopbackHost: boolean) {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  // Browsers send origins serialized: anything else (a path, userinfo, a default port, capitals)
  // did not come from one.
  const serialized = url.origin;
  if (serialized !== origin) return undefined;
  if (allowed.has(serialized)) return serialized;
  return loopbackHost && isLoopbackHostname(url.hostname) ? serialized : undefined;
}
