/**
 * The view's messages in Italian.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Italian. */
export const it: Table = [
  // waiting
  "In attesa dei risultati…",
  // alone
  "Nessun risultato ricevuto dall’app.",
  // preparing
  "Preparazione dei risultati…",
  // ready
  "Risultati pronti",
  // error
  "Impossibile mostrare i risultati.",
  // cancelled
  "Annullato.",
  // count
  { one: "{count} risultato", many: "{count} di risultati", other: "{count} risultati" },
  // countOf
  {
    one: "{shown} di {count} risultato",
    many: "{shown} di {count} di risultati",
    other: "{shown} di {count} risultati",
  },
  // marked
  {
    one: "{count} contrassegnato",
    many: "{count} contrassegnati",
    other: "{count} contrassegnati",
  },
  // newestFirst
  "Più recenti",
  // copyList
  "Copia elenco",
  // fullScreen
  "Schermo intero",
  // exitFullScreen
  "Esci da schermo intero",
  // filter
  "Filtra i risultati",
  // downloadAll
  "Scarica tutto come",
  // downloadMarked
  "Scarica i contrassegnati come",
  // copyAll
  "Copia tutto come",
  // copyMarked
  "Copia i contrassegnati come",
  // copiedAs
  "Elenco copiato come {format}",
  // downloaded
  "Scaricato: {name}",
  // notDownloaded
  "Non scaricato: {name}",
  // copyInstead
  "Copia invece",
  // showMore
  "Mostra di più",
  // showLess
  "Mostra meno",
  // mark
  "Contrassegna {number} per l’assistente",
  // copyLink
  "Copia link {number}",
  // linkCopied
  "Link {number} copiato",
  // linkBlocked
  "Il link non si è aperto qui.",
  // pressToCopy
  "Premi Ctrl+C o ⌘C per copiarlo.",
  // done
  "Fine",
  // empty
  "Nessun risultato da mostrare.",
  // noMatch
  "Nessuna corrispondenza.",
  // showAll
  "Mostra tutti ({count})",
  // showFirst
  "Mostra i primi {count}",
];
