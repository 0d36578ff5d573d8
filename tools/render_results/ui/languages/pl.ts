/**
 * The view's messages in Polish.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Polish. */
export const pl: Table = [
  // waiting
  "Oczekiwanie na wyniki…",
  // alone
  "Nie otrzymano wyników z aplikacji.",
  // preparing
  "Przygotowywanie wyników…",
  // ready
  "Wyniki gotowe",
  // error
  "Nie udało się wyświetlić wyników.",
  // cancelled
  "Anulowano.",
  // count
  { one: "{count} wynik", few: "{count} wyniki", many: "{count} wyników", other: "{count} wyniku" },
  // countOf
  {
    one: "{shown} z {count} wyniku",
    few: "{shown} z {count} wyników",
    many: "{shown} z {count} wyników",
    other: "{shown} z {count} wyniku",
  },
  // marked
  "Oznaczone: {count}",
  // newestFirst
  "Od najnowszych",
  // copyList
  "Kopiuj listę",
  // fullScreen
  "Pełny ekran",
  // exitFullScreen
  "Zamknij pełny ekran",
  // filter
  "Filtruj wyniki",
  // downloadAll
  "Pobierz wszystko jako",
  // downloadMarked
  "Pobierz oznaczone jako",
  // copyAll
  "Kopiuj wszystko jako",
  // copyMarked
  "Kopiuj oznaczone jako",
  // copiedAs
  "Skopiowano listę jako {format}",
  // downloaded
  "Pobrano {name}",
  // notDownloaded
  "Nie pobrano: {name}",
  // copyInstead
  "Skopiuj zamiast tego",
  // showMore
  "Pokaż więcej",
  // showLess
  "Pokaż mniej",
  // mark
  "Oznacz {number} dla asystenta",
  // copyLink
  "Kopiuj link {number}",
  // linkCopied
  "Skopiowano link {number}",
  // linkBlocked
  "Link nie otworzył się tutaj.",
  // pressToCopy
  "Naciśnij Ctrl+C lub ⌘C, aby skopiować.",
  // done
  "Gotowe",
  // empty
  "Brak wyników do wyświetlenia.",
  // noMatch
  "Brak dopasowań.",
  // showAll
  "Pokaż wszystkie ({count})",
  // showFirst
  "Pokaż pierwsze {count}",
];
