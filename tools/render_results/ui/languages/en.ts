/**
 * The view's messages in English.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in English. */
export const en: Table = [
  // waiting
  "Waiting for the results…",
  // alone
  "No results arrived from the app.",
  // preparing
  "Preparing results…",
  // ready
  "Results ready",
  // error
  "The results could not be shown.",
  // cancelled
  "Cancelled.",
  // count
  { one: "{count} result", other: "{count} results" },
  // countOf
  { one: "{shown} of {count} result", other: "{shown} of {count} results" },
  // marked
  "{count} marked",
  // newestFirst
  "Newest first",
  // copyList
  "Copy list",
  // fullScreen
  "Full screen",
  // exitFullScreen
  "Exit full screen",
  // filter
  "Filter results",
  // downloadAll
  "Download all as",
  // downloadMarked
  "Download the marked as",
  // copyAll
  "Copy all as",
  // copyMarked
  "Copy the marked as",
  // copiedAs
  "List copied as {format}",
  // downloaded
  "Downloaded {name}",
  // notDownloaded
  "Not downloaded: {name}",
  // copyInstead
  "Copy instead",
  // showMore
  "Show more",
  // showLess
  "Show less",
  // mark
  "Mark {number} for the assistant",
  // copyLink
  "Copy link {number}",
  // linkCopied
  "Link {number} copied",
  // linkBlocked
  "The link did not open here.",
  // pressToCopy
  "Press Ctrl+C or ⌘C to copy it.",
  // done
  "Done",
  // empty
  "No results to display.",
  // noMatch
  "No matches.",
  // showAll
  "Show all {count}",
  // showFirst
  "Show the first {count}",
];
