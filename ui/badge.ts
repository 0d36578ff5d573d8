/**
 * A site's badge, drawn without any request: a letter and a hue derived from the site's name and
 * host name, so a site gets the same badge in every list.
 *
 * @module
 */

/** What a badge shows. */
export interface Badge {
  /** One uppercase letter or digit. */
  letter: string;
  /** A hue in degrees, 0 to 359. */
  hue: number;
}

// Second-level labels under a country code that are not the site's name: "bbc.co.uk".
const GENERIC_SECOND_LEVEL = /^(?:ac|co|com|edu|gov|net|org)$/;

/** The label that names the site: "deno" for "docs.deno.com", "bbc" for "www.bbc.co.uk". */
function siteLabel(host: string): string {
  const labels = host.split(".");
  if (labels.length < 2) return host;
  const second = labels.at(-2)!;
  return labels.length > 2 && labels.at(-1)!.length === 2 && GENERIC_SECOND_LEVEL.test(second)
    ? labels.at(-3)!
    : second;
}

/** FNV-1a, 32 bits: a fast, stable hash of `text`. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193);
  return value >>> 0;
}

/**
 * The badge of a site on `host` (a hostname as `URL` gives it) whose name is `name` when the
 * result gives one. The letter is the name's first, else that of the host's own label ("deno"
 * in "docs.deno.com"), else, for a punycode or missing host, that of `title`; the hue comes
 * from the host alone, so one site keeps one colour.
 */
export function siteBadge(host: string, name: string, title: string): Badge {
  const label = siteLabel(host);
  const source = name || (label && !label.startsWith("xn--") ? label : title);
  const first = source.match(/[\p{L}\p{N}]/u)?.[0];
  const letter = first ? [...first.toUpperCase()][0] : "#";
  return { letter, hue: hash(host || title) % 360 };
}
