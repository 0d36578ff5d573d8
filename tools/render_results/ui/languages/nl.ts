/**
 * The view's messages in Dutch.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Dutch. */
export const nl: Table = [
  // waiting
  "Wachten op resultaten…",
  // alone
  "Geen resultaten ontvangen van de app.",
  // preparing
  "Resultaten voorbereiden…",
  // ready
  "Resultaten klaar",
  // error
  "De resultaten konden niet worden getoond.",
  // cancelled
  "Geannuleerd.",
  // count
  { one: "{count} resultaat", other: "{count} resultaten" },
  // countOf
  { one: "{shown} van {count} resultaat", other: "{shown} van {count} resultaten" },
  // marked
  "{count} gemarkeerd",
  // newestFirst
  "Nieuwste eerst",
  // copyList
  "Lijst kopiëren",
  // fullScreen
  "Volledig scherm",
  // exitFullScreen
  "Volledig scherm sluiten",
  // filter
  "Resultaten filteren",
  // downloadAll
  "Alles downloaden als",
  // downloadMarked
  "Gemarkeerde downloaden als",
  // copyAll
  "Alles kopiëren als",
  // copyMarked
  "Gemarkeerde kopiëren als",
  // copiedAs
  "Lijst gekopieerd als {format}",
  // downloaded
  "{name} gedownload",
  // notDownloaded
  "Niet gedownload: {name}",
  // copyInstead
  "Toch kopiëren",
  // showMore
  "Meer tonen",
  // showLess
  "Minder tonen",
  // mark
  "{number} markeren voor de assistent",
  // copyLink
  "Link {number} kopiëren",
  // linkCopied
  "Link {number} gekopieerd",
  // linkBlocked
  "De link ging hier niet open.",
  // pressToCopy
  "Druk op Ctrl+C of ⌘C om te kopiëren.",
  // done
  "Klaar",
  // empty
  "Geen resultaten om te tonen.",
  // noMatch
  "Geen treffers.",
  // showAll
  "Alle {count} tonen",
  // showFirst
  "Alleen de eerste {count}",
];
