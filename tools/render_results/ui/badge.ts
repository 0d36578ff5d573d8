/**
 * A site's badge, drawn without any request: a letter and a hue derived from the site's name and
 * host name, so a site gets the same badge in every list, unless two sites in one list would
 * share a letter and a look-alike hue.
 *
 * @module
 */
import { hash } from "./hash.ts";
import type { ResultItem } from "./state.ts";
import { displayHost } from "./url.ts";

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
export function siteLabel(host: string): string {
  const labels = host.split(".");
  if (labels.length < 2) return host;
  const second = labels.at(-2)!;
  return labels.length > 2 && labels.at(-1)!.length === 2 && GENERIC_SECOND_LEVEL.test(second)
    ? labels.at(-3)!
    : second;
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

// Two hues closer than this look alike on a 16 px badge.
const MIN_HUE_DISTANCE = 40;

function hueDistance(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

/**
 * The hue nearest `own` that stands at least 40 degrees from each of `taken`; where none does,
 * the one farthest from its nearest neighbour in `taken` (the first such from `own` on).
 */
function clearHue(own: number, taken: number[]): number {
  let best = own;
  let bestDistance = -1;
  // 0, +1, -1, +2, -2, ...: the nearest hue first, so that a site moves as little as it can.
  for (let step = 0; step < 360; step++) {
    const hue = (own + (step % 2 ? (step + 1) / 2 : 360 - step / 2)) % 360;
    const nearest = Math.min(180, ...taken.map((other) => hueDistance(hue, other)));
    if (nearest >= MIN_HUE_DISTANCE) return hue;
    if (nearest > bestDistance) [best, bestDistance] = [hue, nearest];
  }
  return best;
}

/**
 * The badges of one list, in its order. Each host keeps its own hue, except that a host whose
 * letter an earlier host of the list already shows in a hue less than 40 degrees from its own
 * takes the nearest hue that stands 40 degrees from theirs: "blog.example.org" and
 * "news.example.net" both show "E", in two colours. Each earlier host with the letter rules out
 * 79 of the 360 hues, so up to five hosts that share a letter always stand 40 degrees apart; a
 * later one does where some hue still stands apart, and otherwise takes the hue farthest from
 * those before it, which is closer. One host has one hue throughout the list.
 */
export function listBadges(items: ResultItem[]): Badge[] {
  const hues = new Map<string, number>();
  // The hues of the badges so far, by letter.
  const shown = new Map<string, number[]>();
  return items.map(({ url, title, facts }) => {
    const host = displayHost(url);
    const { letter, hue: own } = siteBadge(host, facts.site ?? "", title || url);
    const key = host || title || url;
    let taken = shown.get(letter);
    if (!taken) shown.set(letter, taken = []);
    let hue = hues.get(key);
    if (hue === undefined) hues.set(key, hue = clearHue(own, taken));
    taken.push(hue);
    return { letter, hue };
  });
}
