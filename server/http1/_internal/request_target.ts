/**
 * The request target (RFC 9112 section 3.2) and the `Host` value (RFC 9110 section 7.2) checked
 * to the letter: no control characters, whitespace, backslash or fragment can reach a path, so
 * `/mc\tp` or `/x\..\mcp` is never read as `/mcp`.
 * @module
 */

import { HttpError, isPercentEncodedOf, REG_NAME_CHAR, TARGET_CHAR } from "./syntax.ts";

/** A request target, as the handler's URL and `Host` need it. */
export interface Target {
  /** The absolute path and query (`/` for the asterisk-form, which has neither). */
  path: string;
  /** The authority of an absolute-form target, which stands in for `Host`. */
  authority?: string;
  /** Whether the target was `*` (OPTIONS only). */
  asterisk: boolean;
}

const ABSOLUTE_FORM = /^(https?):\/\/([^/?]*)([^]*)$/i;
const IP_LITERAL = /^\[(?:[0-9a-f:.]+|v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]$/i;

/** Parses `target` of a request with `method`; throws 400 when it is not a valid target. */
export function parseTarget(method: string, target: string): Target {
  if (target === "*") {
    if (method !== "OPTIONS") throw invalid("the asterisk-form is for OPTIONS only");
    return { path: "/", asterisk: true };
  }
  if (target.startsWith("/")) {
    if (!isPercentEncodedOf(target, TARGET_CHAR)) throw invalid("it has a forbidden character");
    return { path: target, asterisk: false };
  }
  const absolute = ABSOLUTE_FORM.exec(target);
  if (absolute === null) throw invalid("it must be a path or an absolute http URL");
  const [, , authority, rest] = absolute;
  if (authority === "" || parseHost(authority) === undefined) {
    throw invalid("its authority is not a host and port");
  }
  if (rest !== "" && !rest.startsWith("/") && !rest.startsWith("?")) {
    throw invalid("it must be a path or an absolute http URL");
  }
  const path = rest.startsWith("/") ? rest : `/${rest}`;
  if (!isPercentEncodedOf(path, TARGET_CHAR)) throw invalid("it has a forbidden character");
  return { path, authority, asterisk: false };
}

/** A `Host` value taken apart: `uri-host [ ":" port ]` (RFC 9110 section 7.2). */
export interface HostParts {
  /**
   * The host as sent: a registered name (possibly empty), an IPv4 address or an IP literal in
   * brackets (RFC 3986 section 3.2.2).
   */
  hostname: string;
  /** The port's digits as sent (possibly none), or undefined without a colon. */
  port?: string;
}

/**
 * The parts of `value` when it is a syntactically valid `Host`, else undefined. Which hosts are
 * served is the application's decision.
 */
export function parseHost(value: string): HostParts | undefined {
  const colon = value.lastIndexOf(":");
  const hasPort = colon > value.lastIndexOf("]");
  const hostname = hasPort ? value.slice(0, colon) : value;
  // An IPv4 address is made of reg-name characters too: the two need no separate test.
  const valid = hostname.startsWith("[")
    ? IP_LITERAL.test(hostname)
    : isPercentEncodedOf(hostname, REG_NAME_CHAR);
  if (!valid) return undefined;
  if (!hasPort) return { hostname };
  for (let i = colon + 1; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return undefined;
  }
  return { hostname, port: value.slice(colon + 1) };
}

function invalid(reason: string): HttpError {
  return new HttpError(400, `Bad request: the request target is invalid: ${reason}.`);
}
