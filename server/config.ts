/**
 * Configuration from the environment, read and checked once at start-up.
 * @module
 */

/** How much the server logs on stderr. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "off";

/** Settings of the OAuth resource server; present when `MCP_AUTH_ISSUER` is set. */
export interface AuthConfig {
  issuer: string;
  jwksUrl?: string;
  scopes: string[];
}

/** The server's configuration. */
export interface Config {
  port: number;
  hostname: string;
  /** Whether the server listens on a loopback address only (Host header check on). */
  loopbackOnly: boolean;
  allowedOrigins: string[];
  allowedHosts: string[];
  publicUrl?: string;
  auth?: AuthConfig;
  apiKeyHashes: string[];
  logLevel: LogLevel;
}

const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "off"];
const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** Whether `hostname` names this machine's loopback interface. */
export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.has(hostname.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Reads the configuration. `listening` is true when this process binds the socket itself
 * (`HOSTNAME` then defaults to 127.0.0.1); under `deno serve` or Deno Deploy the binding is
 * theirs, and the Host check applies only when `HOSTNAME` names a loopback address.
 */
export function readConfig(
  env: { get(name: string): string | undefined } = Deno.env,
  listening = true,
): Config {
  const port = parsePort(env.get("PORT"));
  const hostnameSetting = env.get("HOSTNAME")?.trim() || undefined;
  const hostname = hostnameSetting ?? "127.0.0.1";
  const issuer = env.get("MCP_AUTH_ISSUER")?.trim();
  const jwksUrl = env.get("MCP_AUTH_JWKS_URL")?.trim();
  if (!issuer && (jwksUrl || env.get("MCP_AUTH_SCOPES")?.trim())) {
    throw new Error(
      "MCP_AUTH_JWKS_URL and MCP_AUTH_SCOPES need MCP_AUTH_ISSUER: without it token auth is off.",
    );
  }
  return {
    port,
    hostname,
    loopbackOnly: isLoopbackHostname(listening ? hostname : hostnameSetting ?? ""),
    allowedOrigins: list(env.get("MCP_ALLOWED_ORIGINS"), /[\s,]+/).map((origin) =>
      parseOrigin("MCP_ALLOWED_ORIGINS", origin)
    ),
    allowedHosts: list(env.get("MCP_ALLOWED_HOSTS"), /[\s,]+/).map((host) => host.toLowerCase()),
    publicUrl: optionalUrl("MCP_PUBLIC_URL", env.get("MCP_PUBLIC_URL")),
    auth: issuer
      ? {
        // Verbatim, trailing slash included: it must equal the tokens' `iss` claim.
        issuer: checkedUrl("MCP_AUTH_ISSUER", issuer),
        jwksUrl: jwksUrl ? checkedUrl("MCP_AUTH_JWKS_URL", jwksUrl) : undefined,
        scopes: list(env.get("MCP_AUTH_SCOPES"), /\s+/).map(parseScope),
      }
      : undefined,
    apiKeyHashes: list(env.get("MCP_API_KEYS_SHA256"), /[\s,]+/).map(parseSha256),
    logLevel: parseLogLevel(env.get("LOG_LEVEL")),
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 8000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error("PORT must be a whole number from 0 to 65535.");
  }
  return port;
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
