/**
 * The view's messages in French.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in French. */
export const fr: Table = [
  // waiting
  "En attente des résultats…",
  // alone
  "Aucun résultat reçu de l’application.",
  // preparing
  "Préparation des résultats…",
  // ready
  "Résultats prêts",
  // error
  "Impossible d’afficher les résultats.",
  // cancelled
  "Annulé.",
  // count
  { one: "{count} résultat", many: "{count} de résultats", other: "{count} résultats" },
  // countOf
  {
    one: "{shown} sur {count} résultat",
    many: "{shown} sur {count} de résultats",
    other: "{shown} sur {count} résultats",
  },
  // marked
  { one: "{count} marqué", many: "{count} marqués", other: "{count} marqués" },
  // newestFirst
  "Plus récents",
  // copyList
  "Copier la liste",
  // fullScreen
  "Plein écran",
  // exitFullScreen
  "Quitter le plein écran",
  // filter
  "Filtrer les résultats",
  // downloadAll
  "Tout télécharger en",
  // downloadMarked
  "Télécharger les marqués en",
  // copyAll
  "Tout copier en",
  // copyMarked
  "Copier les marqués en",
  // copiedAs
  "Liste copiée en {format}",
  // downloaded
  "{name} téléchargé",
  // notDownloaded
  "Non téléchargé\u00a0: {name}",
  // copyInstead
  "Copier à la place",
  // showMore
  "Afficher plus",
  // showLess
  "Afficher moins",
  // mark
  "Marquer {number} pour l’assistant",
  // copyLink
  "Copier le lien {number}",
  // linkCopied
  "Lien {number} copié",
  // linkBlocked
  "Le lien ne s’est pas ouvert ici.",
  // pressToCopy
  "Appuyez sur Ctrl+C ou ⌘C pour le copier.",
  // done
  "Terminé",
  // empty
  "Aucun résultat à afficher.",
  // noMatch
  "Aucune correspondance.",
  // showAll
  "Afficher les {count}",
  // showFirst
  "Afficher les {count} premiers",
];
