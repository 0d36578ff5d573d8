/**
 * The list written out for notes, spreadsheets and reference managers: Markdown (as "Copy list"
 * copies it), CSV (RFC 4180), BibTeX (`@online` entries for biblatex) and RIS. Every title, URL
 * and fact is written as supplied; only what each format would otherwise read as syntax is
 * escaped, and BibTeX and RIS, which hold one line per field, write line breaks as spaces.
 *
 * @module
 */
import { siteLabel } from "./badge.ts";
import { parseDate } from "./formats.ts";
import { markdownList } from "./markdown.ts";
import type { ResultItem } from "./state.ts";
import { oneLine } from "./text.ts";
import { displayHost } from "./url.ts";

/** A way to write the list out. */
export interface ExportFormat {
  /** The name shown on its control. */
  label: string;
  /** The file name extension, without the dot. */
  extension: string;
  /** The file's media type. */
  mimeType: string;
  /** Writes `items`, accessed on `today` (`YYYY-MM-DD`). */
  write(items: ResultItem[], today: string): string;
}

/** The site a result names: its site name, else its host name. */
function site(item: ResultItem): string {
  return item.facts.site || displayHost(item.url);
}

/** The publication date as `YYYY-MM-DD` when the view understands it. */
function isoDay(item: ResultItem): string | undefined {
  const published = item.facts.published;
  const parsed = published ? parseDate(published) : undefined;
  if (!parsed) return undefined;
  return parsed.calendar ? published : parsed.time.toISOString().slice(0, 10);
}

/** A CSV field, quoted when it holds a quote, comma or line break (RFC 4180). */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row per result after a header row, each ended by CRLF. */
export function csvList(items: ResultItem[]): string {
  const rows = [
    ["number", "title", "url", "site", "date", "author", "snippet"],
    ...items.map((item) => [
      item.number,
      item.title,
      item.url,
      site(item),
      item.facts.published ?? "",
      item.facts.author ?? "",
      item.text,
    ]),
  ];
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

const TEX_WORDS: Record<string, string> = {
  "\\": "textbackslash{}",
  "~": "textasciitilde{}",
  "^": "textasciicircum{}",
};

/** `text` on one line as TeX prints it: braces, `%`, `#` and the other specials escaped. */
export function escapeTex(text: string): string {
  return oneLine(text).replace(/[\\{}~^%$&#_]/g, (char) => `\\${TEX_WORDS[char] ?? char}`);
}

/**
 * One `@online` entry per result, keyed by site and number (`deno3`), so keys are unique. Title
 * and author are in double braces, so styles keep them as given (case and all). biblatex reads
 * `url` verbatim; only what would unbalance its braces is percent-encoded, as a URI (RFC 3986)
 * has it anyway.
 */
export function bibtexList(items: ResultItem[], today: string): string {
  return items.map((item) => {
    const key = siteLabel(displayHost(item.url)).replace(/[^a-z0-9]/g, "") || "source";
    const url = item.url.replace(/[\\{}]/g, encodeURIComponent);
    const date = isoDay(item);
    const author = item.facts.author;
    return `@online{${key}${item.number},\n  title = {{${escapeTex(item.title)}}},\n` +
      `  url = {${url}},\n  urldate = {${today}},\n${date ? `  date = {${date}},\n` : ""}` +
      `${author ? `  author = {{${escapeTex(author)}}},\n` : ""}}\n`;
  }).join("\n");
}

/** `YYYY-MM-DD` as RIS writes a date: `YYYY/MM/DD/`. */
function risDay(iso: string): string {
  return `${iso.replaceAll("-", "/")}/`;
}

/** One RIS record per result (type `ELEC`): title, URL, date, author, access date. */
export function risList(items: ResultItem[], today: string): string {
  return items.map((item) => {
    const date = isoDay(item);
    const author = item.facts.author;
    return `TY  - ELEC\r\nTI  - ${oneLine(item.title)}\r\nUR  - ${item.url}\r\n` +
      `${date ? `DA  - ${risDay(date)}\r\n` : ""}${author ? `AU  - ${oneLine(author)}\r\n` : ""}` +
      `Y2  - ${risDay(today)}\r\nER  - \r\n`;
  }).join("\r\n");
}

/** The formats offered, in the order of their controls. */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  { label: "Markdown", extension: "md", mimeType: "text/markdown", write: markdownList },
  { label: "CSV", extension: "csv", mimeType: "text/csv", write: csvList },
  { label: "BibTeX", extension: "bib", mimeType: "application/x-bibtex", write: bibtexList },
  {
    label: "RIS",
    extension: "ris",
    mimeType: "application/x-research-info-systems",
    write: risList,
  },
];

/**
 * A file name made from the list's heading: its letters and digits in ASCII (accents dropped),
 * lower-cased, words joined by hyphens, at most 60 characters; "results" when none are left.
 */
export function fileName(heading: string, extension: string): string {
  const stem = heading.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/[^a-z0-9]+/g, "-").slice(0, 60).replace(/^-+|-+$/g, "");
  return `${stem || "results"}.${extension}`;
}
