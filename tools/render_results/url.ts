/**
 * The rules a source URL follows beyond its length, checked in this order (the first one broken
 * names the error):
 *
 * 1. No whitespace (Unicode White_Space), control character (Cc) or U+FEFF anywhere in the raw
 *    string: the WHATWG parser silently drops tabs and newlines and trims the ends.
 * 2. It starts with `http://` or `https://`, in any case.
 * 3. The RFC 3986 reading has a host: the authority (Appendix B) split into
 *    `[userinfo@]host[:port]` has a non-empty host. This refuses `http://`, `http:///x` (WHATWG
 *    skips the third slash and takes `x` as the host) and `http://:80/`.
 * 4. The WHATWG parser (`new URL`, as browsers read it) accepts it.
 * 5. Every URL parser reads the same authority: the RFC 3986 authority splits (the first `@` ends
 *    the userinfo, a port is digits only) and its host, after the host normalisation WHATWG
 *    applies (lowercase, percent-decoding, IDNA, canonical IP addresses), is the WHATWG host. So
 *    `https://bücher.de/`, `http://%65xample.com/` and `http://[0::1]/` pass, while
 *    `http://a.com\.evil.com/` (WHATWG host `a.com`) and `http://a\@b.com/` (RFC host `b.com`,
 *    WHATWG host `a`) do not.
 * 6. No userinfo in either reading, not even an empty one (`http://@example.com/`).
 *
 * The common form, a lowercase `http://` or `https://`, a host of plain DNS labels and a
 * printable ASCII rest, is decided on the string alone; any other goes through the parsers.
 * @module
 */

/** The rule text when the URL is not an absolute http(s) URL. */
const ABSOLUTE = "must be an absolute http or https URL";
/** The rule text when the parsers read different authorities. */
const SAME_READING = "must be read the same way by every URL parser (host, port and userinfo)";

// White_Space, Cc and U+FEFF: exactly what JavaScript's `\s` and the C0, DEL and C1 ranges cover.
const FORBIDDEN = /[\p{White_Space}\p{Cc}\uFEFF]/u;
const SCHEME = /^https?:\/\//i;
// RFC 3986 Appendix B up to the authority (its group 4, here group 1); the rest of that regex
// splits path, query and fragment and matches any remainder, so leaving it out changes nothing.
const RFC3986_AUTHORITY = /^(?:[^:/?#]+:)?(?:\/\/([^/?#]*))?/;
const PORT = /^\d*$/;
// A host with these is not a host to the WHATWG parser: it ends the authority at `\` and takes
// the last `@`, not the first, as the end of the userinfo.
const NOT_A_WHATWG_HOST = /[\\@]/;

/**
 * A URL that keeps every rule, recognised on the string: printable ASCII only (rule 1), a
 * lowercase scheme (2), and a host of lowercase letters, digits and hyphens in dot-separated
 * labels (3, 6) that ends where RFC 3986 and WHATWG both end it, at `/`, `?`, `#` or the end.
 * WHATWG reads such a host as it is (4, 5): no label is punycode (`xn--`), and the last one
 * starts with a letter, so it is never read as an IPv4 address.
 */
const PLAIN_URL =
  /^https?:\/\/(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*(?:[/?#][\x21-\x7e]*)?$/;

/** The RFC 3986 authority of a URL, split. */
interface Authority {
  userinfo: string | undefined;
  host: string;
}

/** The rule `value` breaks, as the text of an error message, or `undefined` if it is valid. */
export function urlProblem(value: string): string | undefined {
  return PLAIN_URL.test(value) ? undefined : parsedUrlProblem(value);
}

/**
 * The rule `value` breaks, or `undefined` if it is valid, decided through the URL parsers
 * whatever its form: {@linkcode urlProblem} without its shortcut.
 */
export function parsedUrlProblem(value: string): string | undefined {
  if (FORBIDDEN.test(value)) return "must not contain whitespace or control characters";
  if (!SCHEME.test(value)) return ABSOLUTE;
  const authority = splitAuthority(RFC3986_AUTHORITY.exec(value)![1]);
  if (authority?.host === "") return "must have a host name";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ABSOLUTE;
  }
  if (authority === undefined || !sameHost(authority.host, url.hostname)) return SAME_READING;
  // The WHATWG authority lies within the RFC one once the hosts agree, so WHATWG never finds a
  // username or password that the RFC reading misses.
  if (authority.userinfo !== undefined) return "must not contain a username or password";
  return undefined;
}

/** Splits an RFC 3986 authority into userinfo, host and port, or `undefined` if it cannot. */
function splitAuthority(authority: string): Authority | undefined {
  const at = authority.indexOf("@");
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostAndPort = at === -1 ? authority : authority.slice(at + 1);
  let hostEnd: number;
  if (hostAndPort.startsWith("[")) {
    hostEnd = hostAndPort.indexOf("]") + 1;
    if (hostEnd === 0) return undefined;
  } else {
    hostEnd = hostAndPort.indexOf(":");
    if (hostEnd === -1) hostEnd = hostAndPort.length;
  }
  if (hostEnd < hostAndPort.length) {
    if (hostAndPort[hostEnd] !== ":" || !PORT.test(hostAndPort.slice(hostEnd + 1))) {
      return undefined;
    }
  }
  return { userinfo, host: hostAndPort.slice(0, hostEnd) };
}

/** Whether the RFC 3986 host `host` is `hostname` once WHATWG normalises it. */
function sameHost(host: string, hostname: string): boolean {
  // A WHATWG host name is already normal: parsing it again gives it back.
  if (host === hostname) return true;
  if (NOT_A_WHATWG_HOST.test(host)) return false;
  try {
    return new URL(`http://${host}/`).hostname === hostname;
  } catch {
    return false;
  }
}
