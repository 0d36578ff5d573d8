/**
 * The view's messages in German.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in German. */
export const de: Table = [
  // waiting
  "Warten auf Ergebnisse…",
  // alone
  "Keine Ergebnisse von der App empfangen.",
  // preparing
  "Ergebnisse werden vorbereitet…",
  // ready
  "Ergebnisse bereit",
  // error
  "Die Ergebnisse konnten nicht angezeigt werden.",
  // cancelled
  "Abgebrochen.",
  // count
  { one: "{count} Ergebnis", other: "{count} Ergebnisse" },
  // countOf
  { one: "{shown} von {count} Ergebnis", other: "{shown} von {count} Ergebnissen" },
  // marked
  "{count} markiert",
  // newestFirst
  "Neueste zuerst",
  // copyList
  "Liste kopieren",
  // fullScreen
  "Vollbild",
  // exitFullScreen
  "Vollbild beenden",
  // filter
  "Ergebnisse filtern",
  // downloadAll
  "Alle herunterladen als",
  // downloadMarked
  "Markierte herunterladen als",
  // copyAll
  "Alle kopieren als",
  // copyMarked
  "Markierte kopieren als",
  // copiedAs
  "Liste als {format} kopiert",
  // downloaded
  "{name} heruntergeladen",
  // notDownloaded
  "Nicht heruntergeladen: {name}",
  // copyInstead
  "Stattdessen kopieren",
  // showMore
  "Mehr anzeigen",
  // showLess
  "Weniger anzeigen",
  // mark
  "Nr. {number} für den Assistenten markieren",
  // copyLink
  "Link {number} kopieren",
  // linkCopied
  "Link {number} kopiert",
  // linkBlocked
  "Der Link ließ sich hier nicht öffnen.",
  // pressToCopy
  "Mit Strg+C oder ⌘C kopieren.",
  // done
  "Fertig",
  // empty
  "Keine Ergebnisse vorhanden.",
  // noMatch
  "Keine Treffer.",
  // showAll
  "Alle {count} anzeigen",
  // showFirst
  "Nur die ersten {count}",
];
