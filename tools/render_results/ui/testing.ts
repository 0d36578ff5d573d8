/**
 * Results as the view's tests use them: a few sources, the successful tool result the server
 * would send for them, and each as the view reads it.
 * @module
 */

import { callRenderResults } from "../call.ts";
import { readFacts } from "./metadata.ts";
import type { ResultItem } from "./state.ts";

/** The view's exports and copied lists, which its browser tests compare with what it offers. */
export { bibtexList, csvList, risList } from "./export.ts";
export { escapeMarkdown, markdownList } from "./markdown.ts";
/** The view's words in a host's locale, which a host lab shows beside what it sees. */
export { localize, type Localized } from "./i18n.ts";

/** A successful result: its text list, and the results as `structuredContent`. */
export type SuccessResult = {
  isError: false;
  content: { type: "text"; text: string }[];
  structuredContent: { title: string; total: number; results: (Item & { id: string })[] };
};

/**
 * A result shaped as the tool's for `results` under `title`, unchecked: what a faulty server or a
 * forged message can deliver, such as a link that is not http(s).
 */
export function unchecked(results: Item[], title = "Search results"): SuccessResult {
  const lines = results.map((item, index) => `${index + 1}. ${item.title}\n   ${item.url}`);
  return {
    isError: false,
    content: [{ type: "text", text: `${title}\n\n${lines.join("\n\n")}` }],
    structuredContent: {
      title,
      total: results.length,
      results: results.map((item) => ({ ...item, id: item.id ?? item.url })),
    },
  };
}

/** A source as a client passes it to render_results. */
export interface Item {
  id?: string;
  title: string;
  url: string;
  text?: string;
  metadata?: Record<string, unknown>;
}

/** The successful result the tool returns for `results` under `title`. */
export function success(results: Item[], title = "Search results"): SuccessResult {
  return callRenderResults({ title, results }) as unknown as SuccessResult;
}

/** Three sources: one with a long snippet, one on a bare domain, one over http. */
export const ITEMS: Item[] = [
  {
    title: "Deno 2.0 release notes",
    url: "https://www.deno.com/blog/v2.0",
    text: "Deno 2 is backwards compatible with Node and npm, and it brings a standard library, " +
      "private registries, workspaces and long-term support. ".repeat(4),
  },
  { title: "Preact: fast 3kB alternative to React", url: "https://preactjs.com/" },
  { title: "MCP Apps specification", url: "http://example.org/specification/2026-01-26" },
];

/** A result as the view reads it, numbered `number`. */
export function resultItem(number: number, item: Item): ResultItem {
  return {
    number,
    id: item.id ?? item.url,
    title: item.title,
    url: item.url,
    text: item.text ?? "",
    facts: readFacts(item.metadata),
  };
}

const PROSE = "Deno 2 is backwards compatible with Node and npm, and it brings a standard " +
  "library, private registries, workspaces and long-term support. A stateless server answers " +
  "each POST on one endpoint and needs no session id, so any number of instances can serve one " +
  "client. The view follows the host's theme, fonts and container size, and asks the host to " +
  "open links. Every source string is rendered as text; only http(s) URLs become links.";

const TOPICS = [
  "Streamable HTTP transport and stateless servers",
  "Running several workers behind one port with deno serve --parallel",
  "Caching views by content hash so hosts never show a stale copy",
  "Content Security Policy for sandboxed iframes",
  "Designing dense, readable lists of search results",
];

/** `count` results with snippets of about 450 characters and metadata, like a search API's. */
export function longResults(count: number): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `${TOPICS[i % TOPICS.length]} (part ${i + 1})`,
    url: `https://www.example${i % 7}.com/articles/${i + 1}?ref=search`,
    text: `${i + 1}: ${PROSE.slice(i % 30)} ${PROSE.slice(0, 40 + (i % 30))}`,
    metadata: { siteName: `Example ${i % 7}`, publishedAt: `2026-0${1 + (i % 9)}-1${i % 10}` },
  }));
}

/** Eight sources, each findable by one word of its title, site, snippet or author. */
export const FINDABLE: Item[] = [
  ["Volcanoes of Iceland", "geo.example", "Lava fields and ash.", "Björk Eyja", "Earth Weekly"],
  ["Deno 2 released", "deno.com", "Node compatibility.", "Ryan Dahl", "Deno Blog"],
  ["Preact signals", "preactjs.com", "Fine-grained updates.", "Jason Miller", "Preact"],
  ["Tide tables", "sea.example", "High water at noon.", "Ada Lovelace", "Harbour Gazette"],
  ["MCP Apps", "mcp.example", "Views in sandboxed frames.", "Working group", "MCP"],
  ["Sourdough basics", "bread.example", "Flour, water, salt.", "Chad Robertson", "Bakery"],
  ["Comet tails", "sky.example", "Dust and ion tails.", "Carl Sagan", "Night Sky"],
  ["Chess openings", "chess.example", "The Sicilian defence.", "Judit Polgar", "Chess Club"],
].map(([title, host, text, author, siteName], i) => ({
  title,
  url: `https://${host}/${i + 1}`,
  text,
  metadata: { author, siteName, published: `2026-0${(i * 5) % 9 + 1}-15` },
}));
