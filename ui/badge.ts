/**
 * A site's badge, drawn without any request: a letter and a hue derived from the site's name and
 * host name, so a site gets the same badge in every list, unless two sites in one list would
 * share a letter and a look-alike hue.
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

/** What a badge is drawn from: the host name, the site's name ("" when none) and the title. */
export interface BadgeSource {
  /** The hostname, as `URL` gives it. */
  host: string;
  /** The site's name, or "". */
  name: string;
  /** The result's title. */
  title: string;
}

// Two hues closer than this look alike on a 16 px badge.
const MIN_HUE_DISTANCE = 40;

function hueDistance(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

/** The hue nearest `hue`, in steps of 10 degrees, at least 40 degrees from every one of `others`. */
function apart(hue: number, others: number[]): number {
  let best = hue;
  let bestGap = -1;
  for (let step = 0; step <= 36 && bestGap < MIN_HUE_DISTANCE; step++) {
    const candidate = (hue + (step % 2 ? 10 : -10) * Math.ceil(step / 2) + 360) % 360;
    const gap = Math.min(180, ...others.map((other) => hueDistance(candidate, other)));
    if (gap > bestGap) [best, bestGap] = [candidate, gap];
  }
  return best;
}

/**
 * The badges of one list, in its order. Each host keeps its own hue, except that a host whose
 * letter an earlier host of the list already shows in a hue less than 40 degrees from its own
 * moves to the nearest hue that stands apart: "blog.example.org" and "news.example.net" both
 * show "E", in two colours. One host has one hue throughout the list.
 */
export function listBadges(sources: BadgeSource[]): Badge[] {
  const hues = new Map<string, number>();
  const shown = new Map<string, number[]>();
  return sources.map(({ host, name, title }) => {
    const { letter, hue: own } = siteBadge(host, name, title);
    const key = host || title;
    const others = shown.get(letter) ?? [];
    const hue = hues.get(key) ?? apart(own, others);
    hues.set(key, hue);
    if (!others.includes(hue)) shown.set(letter, [...others, hue]);
    return { letter, hue };
  });
}
