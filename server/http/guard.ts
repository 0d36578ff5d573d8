/**
 * Which `Host` may reach the server (on every path) and which browser `Origin` may reach `/mcp`:
 * the DNS-rebinding guard and the origin policy. Both hold however the server is started, since
 * neither depends on the address it listens on.
 * @module
 */

import { type Config, hostnameOf, isLoopbackHostname } from "../config.ts";
import { HTTP_ERROR, jsonRpcErrorResponse } from "./json_rpc_error.ts";
import type { Step } from "./steps.ts";

/** What the guard makes of a request's `Host` header. */
export type HostVerdict =
  | { ok: true; loopback: boolean }
  | { ok: false; status: 400 | 403; message: string };

/** Decides whether a request's `Host` and `Origin` are acceptable. */
export class RequestGuard {
  readonly #origins: Set<string>;
  readonly #hosts: Set<string>;
  readonly #anyHost: boolean;
  // The last `Host` checked and its verdict: a client sends the same one with every request.
  #lastHost: string | null | undefined;
  #lastVerdict: HostVerdict | undefined;

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
   * Checks `host`: it must be well formed (400 otherwise) and name a loopback address, an
   * allowed host or the public URL's host (403 otherwise), so that a DNS name rebound to this
   * server cannot reach it.
   */
  host(host: string | null): HostVerdict {
    if (host === this.#lastHost) return this.#lastVerdict!;
    const verdict = this.#verdict(host);
    this.#lastHost = host;
    this.#lastVerdict = verdict;
    return verdict;
  }

  #verdict(host: string | null): HostVerdict {
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
    return { ok: true, loopback };
  }

  /**
   * The browser `origin` in its serialized form when it is allowed, or loopback on a loopback
   * `Host`; undefined otherwise. It is never returned as the client wrote it.
   */
  allowedOrigin(origin: string, loopbackHost: boolean): string | undefined {
    const url = URL.parse(origin);
    if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined;
    // Browsers send origins serialized: anything else (a path, userinfo, a default port, capitals)
    // did not come from one.
    const serialized = url.origin;
    if (serialized !== origin) return undefined;
    if (this.#origins.has(serialized)) return serialized;
    return loopbackHost && isLoopbackHostname(url.hostname) ? serialized : undefined;
  }
}

/** The first step of every request, whatever its path: a `Host` the guard refuses ends it. */
export function guardHost(guard: RequestGuard): Step {
  return (context, next) => {
    const verdict = guard.host(context.request.headers.get("host"));
    if (!verdict.ok) {
      return Promise.resolve(jsonRpcErrorResponse(verdict.status, HTTP_ERROR, verdict.message));
    }
    context.loopbackHost = verdict.loopback;
    return next();
  };
}
