/**
 * What the view makes of a result's URL: whether it may become a link, and the site to name.
 *
 * @module
 */

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** The URL to link to when `url` is an absolute `http:` or `https:` URL, else undefined. */
export function linkHref(url: string): string | undefined {
  const parsed = parse(url);
  return parsed?.protocol === "http:" || parsed?.protocol === "https:" ? parsed.href : undefined;
}

/** The hostname of `url` without a leading `www.`, or "" when it has none. */
export function displayHost(url: string): string {
  return parse(url)?.hostname.replace(/^www\./, "") ?? "";
}
