/**
 * The list's export formats, read back the way a spreadsheet or reference manager reads them.
 */

import assert from "node:assert/strict";
import { resultItem } from "./testing.ts";
import { bibtexList, csvList, EXPORT_FORMATS, fileName, risList } from "./export.ts";
import { markdownList } from "./markdown.ts";
import type { ResultItem } from "./state.ts";

const HOSTILE = [
  'A "quoted", comma title',
  "Braces {open and }close} and \\backslash",
  "Two\nlines\r\nand a\rreturn",
  "100% of $5 & #1 for a_b ~ ^",
  "@online{evil, title={x}} @comment",
  "TI  - not a tag\nER  - not an end",
];

const ITEMS: ResultItem[] = [
  ...HOSTILE.map((title, i) =>
    resultItem(i + 1, {
      title,
      url: `https://example.com/${i + 1}?q=a%20b&x=y#frag_${i}`,
      text: i % 2 ? `Snippet, with "quotes"\nand a line break ${i}` : "",
      metadata: i % 2 ? {} : { author: `Author "${i}" {x}`, published: "2026-01-26" },
    })
  ),
  resultItem(7, {
    title: "Deno 2.0 release notes",
    url: "https://docs.deno.com/runtime/",
    metadata: { siteName: "Deno Docs", publishedAt: "2026-03-01T02:30:00Z", author: "Ada" },
  }),
  resultItem(8, { title: "Also on Deno", url: "https://docs.deno.com/deploy/" }),
  resultItem(9, { title: "Odd URL", url: "https://example.org/?q={x}\\y", metadata: {} }),
];

/** Reads CSV as RFC 4180 defines it: quoted fields may hold quotes, commas and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[++i];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") row.push(field), field = "";
    else if (char === "\r" && text[i + 1] === "\n") {
      rows.push([...row, field]), row = [], field = "", i++;
    } else {
      assert.notEqual(char, "\n", "a bare line break outside quotes");
      field += char;
    }
  }
  assert.equal(field + row.length, "0", "the text ends with a complete record");
  return rows;
}

/** Reads the entries of a BibTeX file: type, key and each field's braced value, unescaped. */
function parseBibtex(text: string): { key: string; fields: Record<string, string> }[] {
  const entries = [];
  let i = 0;
  const take = (pattern: RegExp) => {
    const match = pattern.exec(text.slice(i));
    assert.ok(match, `expected ${pattern} at ${JSON.stringify(text.slice(i, i + 30))}`);
    i += match[0].length;
    return match;
  };
  const braced = () => {
    take(/^\{/);
    let depth = 1;
    let value = "";
    while (depth) {
      const char = text[i++];
      assert.ok(char !== undefined, "unbalanced braces");
      if (char === "\\") value += char + text[i++];
      else if (char === "{") depth++, value += char;
      else if (char === "}") --depth && (value += char);
      else value += char;
    }
    return value;
  };
  while (i < text.length) {
    const [, key] = take(/^\s*@online\{([a-z0-9]+),\n/);
    const fields: Record<string, string> = {};
    while (!/^\}/.test(text.slice(i))) {
      const [, name] = take(/^ {2}([a-z]+) = /);
      fields[name] = braced();
      take(/^,\n/);
    }
    take(/^\}\n/);
    entries.push({ key, fields });
  }
  return entries;
}

/** What TeX prints for an escaped value. */
function unescapeTex(value: string): string {
  const words: Record<string, string> = {
    textbackslash: "\\",
    textasciitilde: "~",
    textasciicircum: "^",
  };
  return value.replace(/\\([a-z]+)\{\}|\\(.)/g, (_, word, char) => word ? words[word] : char);
}

/** Reads RIS records: each line a tag, two spaces, a hyphen, a space and its value. */
function parseRis(text: string): [string, string][][] {
  const records: [string, string][][] = [];
  let record: [string, string][] = [];
  for (const line of text.split("\r\n")) {
    if (line === "") continue;
    const match = /^([A-Z][A-Z0-9]) {2}- (.*)$/.exec(line);
    assert.ok(match, `not a RIS line: ${JSON.stringify(line)}`);
    record.push([match[1], match[2]]);
    if (match[1] === "ER") records.push(record), record = [];
  }
  assert.deepEqual(record, [], "the last record ends with ER");
  return records;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

Deno.test("CSV parses back to the same fields, hostile text and all", () => {
  const rows = parseCsv(csvList(ITEMS));
  assert.deepEqual(rows[0], ["number", "title", "url", "site", "date", "author", "snippet"]);
  assert.deepEqual(
    rows.slice(1),
    ITEMS.map((item) => [
      String(item.number),
      item.title,
      item.url,
      item.facts.site ?? new URL(item.url).hostname,
      item.facts.published ?? "",
      item.facts.author ?? "",
      item.text,
    ]),
  );
  assert.equal(csvList([]), "number,title,url,site,date,author,snippet\r\n");
});

Deno.test("BibTeX holds every title and URL, with unique keys and the optional fields", () => {
  const entries = parseBibtex(bibtexList(ITEMS, "2026-12-01"));
  assert.equal(entries.length, ITEMS.length);
  assert.equal(new Set(entries.map((entry) => entry.key)).size, ITEMS.length, "unique keys");
  assert.deepEqual(entries.slice(6, 8).map((entry) => entry.key), ["deno7", "deno8"]);
  for (const [i, { fields }] of entries.entries()) {
    const item = ITEMS[i];
    assert.equal(unescapeTex(fields.title.replace(/^\{(.*)\}$/s, "$1")), oneLine(item.title));
    assert.equal(fields.urldate, "2026-12-01");
    if (i < 8) assert.equal(fields.url, item.url, "URLs are written as given");
    assert.equal(
      fields.author && unescapeTex(fields.author.replace(/^\{(.*)\}$/s, "$1")),
      item.facts.author,
    );
  }
  assert.equal(entries[8].fields.url, "https://example.org/?q=%7Bx%7D%5Cy", "braces encoded");
  assert.equal(entries[0].fields.date, "2026-01-26");
  assert.equal(entries[6].fields.date, "2026-03-01", "a date-time's day in UTC");
  assert.equal(entries[1].fields.date, undefined, "no date, no field");
  assert.deepEqual(Object.keys(entries[7].fields), ["title", "url", "urldate"]);
  assert.equal(bibtexList([], "2026-12-01"), "");
});

Deno.test("RIS holds every title and URL in ELEC records with dates and authors", () => {
  const records = parseRis(risList(ITEMS, "2026-12-01"));
  assert.equal(records.length, ITEMS.length);
  for (const [i, record] of records.entries()) {
    const item = ITEMS[i];
    const tags = Object.fromEntries(record);
    assert.equal(record[0].join(), "TY,ELEC");
    assert.equal(record.at(-1)!.join(), "ER,");
    assert.equal(tags.TI, oneLine(item.title));
    assert.equal(tags.UR, item.url);
    assert.equal(tags.Y2, "2026/12/01/");
    assert.equal(tags.AU, item.facts.author);
  }
  assert.equal(Object.fromEntries(records[0]).DA, "2026/01/26/");
  assert.equal(Object.fromEntries(records[6]).DA, "2026/03/01/");
  assert.deepEqual(records[7].map(([tag]) => tag), ["TY", "TI", "UR", "Y2", "ER"]);
});

Deno.test("the formats: Markdown as Copy list, and media types and extensions", () => {
  const markdown = EXPORT_FORMATS.find((format) => format.label === "Markdown")!;
  assert.equal(markdown.write(ITEMS, "2026-12-01"), markdownList(ITEMS));
  assert.deepEqual(
    EXPORT_FORMATS.map((format) => [format.label, format.extension, format.mimeType]),
    [
      ["Markdown", "md", "text/markdown"],
      ["CSV", "csv", "text/csv"],
      ["BibTeX", "bib", "application/x-bibtex"],
      ["RIS", "ris", "application/x-research-info-systems"],
    ],
  );
});

Deno.test("file names come from the heading, safe anywhere", () => {
  assert.equal(fileName("Sources on MCP servers", "csv"), "sources-on-mcp-servers.csv");
  assert.equal(fileName("Résultats: été 2026 🌍", "bib"), "resultats-ete-2026.bib");
  assert.equal(fileName("../../etc/passwd", "ris"), "etc-passwd.ris");
  assert.equal(fileName("日本語", "md"), "results.md");
  assert.equal(fileName("a".repeat(59) + " b", "md"), `${"a".repeat(59)}.md`);
});
