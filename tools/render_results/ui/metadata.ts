/**
 * The optional facts a result's `metadata` may hold that the view shows: when it was published,
 * who wrote it and the site's name. Only strings count; any other value is ignored.
 *
 * @module
 */
import { isObject } from "./json.ts";

/** What the view shows of a result's metadata; every field is a string as supplied. */
export interface SourceFacts {
  /** The publication date or date-time. */
  published?: string;
  /** The author or byline. */
  author?: string;
  /** The name of the site. */
  site?: string;
}

/** The metadata keys read for each fact, first match wins. */
export const METADATA_KEYS: Readonly<Record<keyof SourceFacts, readonly string[]>> = {
  published: ["publishedAt", "published_at", "publishedDate", "published", "date"],
  author: ["author", "byline"],
  site: ["siteName", "site_name", "source"],
};

/** Reads the facts the view shows from `metadata`; strings that are blank are skipped. */
export function readFacts(metadata: unknown): SourceFacts {
  const facts: SourceFacts = {};
  if (!isObject(metadata)) return facts;
  for (const [fact, keys] of Object.entries(METADATA_KEYS)) {
    const value = keys.map((key) => metadata[key]).find((value) =>
      typeof value === "string" && value.trim() !== ""
    );
    if (value !== undefined) facts[fact as keyof SourceFacts] = (value as string).trim();
  }
  return facts;
}
