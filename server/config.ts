/**
 * Configuration from the environment, read and checked once at start-up.
 * @module
 */

import { parseHost } from "@render-results/http1";
import { checkViewDomains, type ViewDomains } from "render-results-mcp";

/** How much the server logs on stderr. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "off";

/** Settings of the OAuth resource server; present when `MCP_AUTH_ISSUER` is set. */
export interface AuthConfig {
  issuer: string;
  jwksUrl?: string;
  scopes: string[];
}

/** How long a client may take, and how many may be served at once. */
export interface Limits {
  /** Time to receive a request's head (the server's own listener only). */
  headersTimeoutMs: number;
  /** Time to receive a request's body. */
  bodyTimeoutMs: number;
  /** Time a kept-alive connection may wait for its next request (own listener only). */
  idleTimeoutMs: number;
  /** Time from a request's arrival to its answer, whatever happens in between. */
  requestTimeoutMs: number;
  /**
   * Open connections at most (own listener only). Each takes a file handle: keep it under the
   * process's limit (`ulimit -n`), with room for the runtime's own.
   */
  maxConnections: number;
  /** Requests being answered at once at most; more get 503 with `Retry-After`. */
  maxInFlight: number;
  /**
   * Bytes held for request heads and bodies across all connections at most (own listener
   * only); a body that finds them taken gets 503 with `Retry-After`.
   */
  maxBufferedBytes: number;
  /** How long a stop (SIGTERM, SIGINT) lets the requests in progress finish. */
  shutdownGraceMs: number;
}

/** The server's configuration. */
export interface Config {
  port: number;
  /** The address the server's own listener binds (`MCP_HOSTNAME`). */
  hostname: string;
  allowedOrigins: string[];
  /** Extra `Host` values accepted, lowercased; `["*"]` accepts any well-formed `Host`. */
  allowedHosts: string[];
  publicUrl?: string;
  auth?: AuthConfig;
  apiKeyHashes: string[];
  logLevel: LogLevel;
  limits: Limits;
  /** The domains hosts are told to mount the view at, where they are set. */
  viewDomains: ViewDomains;
}

const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "off"];
const LOOPBACK_HOSTNAMES = new Set(["localhost", "[::1]", "::1"]);

/**
 * The host names served, among those the `Host` grammar allows besides IP literals: DNS names
 * (labels of letters, digits and inner hyphens, RFC 1123), as IPv4 addresses are written too.
 * That leaves out percent-encoding and other punctuation.
 */
const DNS_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?$/i;

/**
 * The lowercased host name of a well-formed `Host` value (brackets kept), or undefined: a value
 * of the listener's `Host` grammar whose host is a DNS name or an IP literal other than
 * IPvFuture, and whose port a TCP port can be.
 */
export function hostnameOf(host: string): string | undefined {
  const parts = parseHost(host);
  if (parts === undefined) return undefined;
  const { hostname, port } = parts;
  // The grammar's port is any run of digits, an empty one included.
  if (port !== undefined && !(port.length > 0 && port.length <= 5 && Number(port) <= 65535)) {
    return undefined;
  }
  const served = hostname.startsWith("[") ? !/^\[v/i.test(hostname) : DNS_NAME.test(hostname);
  if (!served) return undefined;
  return hostname.toLowerCase().replace(/\.$/, "");
}

/** Whether `hostname` names this machine's loopback interface. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK_HOSTNAMES.has(name) || /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/** Reads the configuration; a bad setting throws an error naming the variable. */
export function readConfig(env: { get(name: string): string | undefined } = Deno.env): Config {
  const issuer = env.get("MCP_AUTH_ISSUER")?.trim();
  const jwksUrl = env.get("MCP_AUTH_JWKS_URL")?.trim();
  if (!issuer && (jwksUrl || env.get("MCP_AUTH_SCOPES")?.trim())) {
    throw new Error(
      "MCP_AUTH_JWKS_URL and MCP_AUTH_SCOPES need MCP_AUTH_ISSUER: without it token auth is off.",
    );
  }
  const apiKeyHashes = list(env.get("MCP_API_KEYS_SHA256"), /[\s,]+/).map(parseSha256);
  const publicUrl = optionalUrl("MCP_PUBLIC_URL", env.get("MCP_PUBLIC_URL"));
  if ((issuer || apiKeyHashes.length > 0) && publicUrl === undefined) {
    throw new Error(
      "MCP_PUBLIC_URL is required when auth is on: it names the protected resource that " +
        "tokens must be issued for, and is never taken from a request.",
    );
  }
  return {
    port: integer(env, "PORT", 8000, 0, 65535),
    hostname: env.get("MCP_HOSTNAME")?.trim() || "127.0.0.1",
    allowedOrigins: list(env.get("MCP_ALLOWED_ORIGINS"), /[\s,]+/).map((origin) =>
      parseOrigin("MCP_ALLOWED_ORIGINS", origin)
    ),
    allowedHosts: list(env.get("MCP_ALLOWED_HOSTS"), /[\s,]+/).map(parseAllowedHost),
    publicUrl,
    auth: issuer
      ? {
        // Verbatim, trailing slash included: it must equal the tokens' `iss` claim.
        issuer: checkedUrl("MCP_AUTH_ISSUER", issuer),
        jwksUrl: jwksUrl ? checkedUrl("MCP_AUTH_JWKS_URL", jwksUrl) : undefined,
        scopes: list(env.get("MCP_AUTH_SCOPES"), /\s+/).map(parseScope),
      }
      : undefined,
    apiKeyHashes,
    logLevel: parseLogLevel(env.get("LOG_LEVEL")),
    limits: {
      headersTimeoutMs: integer(env, "MCP_HEADERS_TIMEOUT_MS", 10_000, 1, 600_000),
      bodyTimeoutMs: integer(env, "MCP_BODY_TIMEOUT_MS", 10_000, 1, 600_000),
      idleTimeoutMs: integer(env, "MCP_IDLE_TIMEOUT_MS", 5_000, 1, 600_000),
      requestTimeoutMs: integer(env, "MCP_REQUEST_TIMEOUT_MS", 30_000, 1, 600_000),
      maxConnections: integer(env, "MCP_MAX_CONNECTIONS", 512, 1, 1_000_000),
      maxInFlight: integer(env, "MCP_MAX_IN_FLIGHT", 256, 1, 1_000_000),
      maxBufferedBytes: integer(env, "MCP_MAX_BUFFERED_BYTES", 64 * 1024 * 1024, 1, 2 ** 36),
      shutdownGraceMs: readShutdownGraceMs(env),
    },
    viewDomains: readViewDomains(env),
  };
}

/**
 * The view's domains (`MCP_VIEW_DOMAIN`, `MCP_OPENAI_WIDGET_DOMAIN`), alone: stdio reads them
 * too. Never derived from other settings: a wrong domain makes hosts refuse the view.
 */
export function readViewDomains(
  env: { get(name: string): string | undefined } = Deno.env,
): ViewDomains {
  return {
    viewDomain: viewDomainSetting(env, "MCP_VIEW_DOMAIN", "viewDomain"),
    openaiWidgetDomain: viewDomainSetting(env, "MCP_OPENAI_WIDGET_DOMAIN", "openaiWidgetDomain"),
  };
}

function viewDomainSetting(
  env: { get(name: string): string | undefined },
  name: string,
  key: keyof ViewDomains,
): string | undefined {
  const value = env.get(name)?.trim() || undefined;
  try {
    checkViewDomains({ [key]: value });
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`);
  }
  return value;
}

/**
 * How long a stop lets the requests in progress finish (`MCP_SHUTDOWN_GRACE_MS`), alone: stdio
 * reads it and the view's domains, and nothing else of the configuration.
 */
export function readShutdownGraceMs(
  env: { get(name: string): string | undefined } = Deno.env,
): number {
  return integer(env, "MCP_SHUTDOWN_GRACE_MS", 10_000, 0, 600_000);
}

/** The whole number in variable `name`, `fallback` when unset, within `min` to `max`. */
function integer(
  env: { get(name: string): string | undefined },
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = env.get(name)?.trim();
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new Error(
      `${name} must be a whole number from ${min.toLocaleString("en-US")} to ` +
        `${max.toLocaleString("en-US")}.`,
    );
  }
  return number;
}

function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value?.trim().toLowerCase() || "info") as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);
  }
  return level;
}

function parseOrigin(name: string, value: string): string {
  const url = requiredUrl(name, value);
  return new URL(url).origin;
}

function parseAllowedHost(value: string): string {
  if (value !== "*" && hostnameOf(value) === undefined) {
    throw new Error(
      "MCP_ALLOWED_HOSTS must list host names or addresses, each with a port or not " +
        "(such as mcp.example.com or 10.0.0.5:8443), or *.",
    );
  }
  return value.toLowerCase();
}

function parseScope(value: string): string {
  // RFC 6749, section 3.3: printable ASCII without space, `"` and `\`.
  if (!/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(value)) {
    throw new Error(
      'MCP_AUTH_SCOPES must list scopes of printable ASCII without quotes (") or backslashes.',
    );
  }
  return value;
}

function parseSha256(value: string): string {
  if (!/^[0-9a-f]{64}$/i.test(value)) {
    throw new Error("MCP_API_KEYS_SHA256 must list SHA-256 hashes as 64 hexadecimal digits.");
  }
  return value.toLowerCase();
}

function optionalUrl(name: string, value: string | undefined): string | undefined {
  return value?.trim() ? requiredUrl(name, value.trim()) : undefined;
}

function requiredUrl(name: string, value: string): string {
  return checkedUrl(name, value).replace(/\/+$/, "");
}

function checkedUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http or https URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must be an absolute http or https URL.`);
  }
  return value;
}

function list(value: string | undefined, separator: RegExp): string[] {
  return value?.split(separator).filter((item) => item !== "") ?? [];
}
