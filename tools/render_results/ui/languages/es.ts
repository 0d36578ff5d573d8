/**
 * The view's messages in Spanish.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Spanish. */
export const es: Table = [
  // waiting
  "Esperando los resultados…",
  // alone
  "No llegó ningún resultado de la app.",
  // preparing
  "Preparando resultados…",
  // ready
  "Resultados listos",
  // error
  "No se pudieron mostrar los resultados.",
  // cancelled
  "Cancelado.",
  // count
  { one: "{count} resultado", many: "{count} de resultados", other: "{count} resultados" },
  // countOf
  {
    one: "{shown} de {count} resultado",
    many: "{shown} de {count} de resultados",
    other: "{shown} de {count} resultados",
  },
  // marked
  { one: "{count} marcado", many: "{count} marcados", other: "{count} marcados" },
  // newestFirst
  "Más recientes",
  // copyList
  "Copiar lista",
  // fullScreen
  "Pantalla completa",
  // exitFullScreen
  "Salir de pantalla completa",
  // filter
  "Filtrar resultados",
  // downloadAll
  "Descargar todo como",
  // downloadMarked
  "Descargar marcados como",
  // copyAll
  "Copiar todo como",
  // copyMarked
  "Copiar marcados como",
  // copiedAs
  "Lista copiada como {format}",
  // downloaded
  "Descargado: {name}",
  // notDownloaded
  "No se descargó: {name}",
  // copyInstead
  "Copiar en su lugar",
  // showMore
  "Mostrar más",
  // showLess
  "Mostrar menos",
  // mark
  "Marcar {number} para el asistente",
  // copyLink
  "Copiar enlace {number}",
  // linkCopied
  "Enlace {number} copiado",
  // linkBlocked
  "El enlace no se abrió aquí.",
  // pressToCopy
  "Cópialo con Ctrl+C o ⌘C.",
  // done
  "Listo",
  // empty
  "No hay resultados que mostrar.",
  // noMatch
  "Sin coincidencias.",
  // showAll
  "Mostrar los {count}",
  // showFirst
  "Mostrar los primeros {count}",
];
