/**
 * The view's messages in Portuguese, as written in Brazil.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Portuguese, as written in Brazil. */
export const pt: Table = [
  // waiting
  "Aguardando os resultados…",
  // alone
  "Nenhum resultado chegou do app.",
  // preparing
  "Preparando os resultados…",
  // ready
  "Resultados prontos",
  // error
  "Não foi possível mostrar os resultados.",
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
  "Mais recentes",
  // copyList
  "Copiar lista",
  // fullScreen
  "Tela cheia",
  // exitFullScreen
  "Sair da tela cheia",
  // filter
  "Filtrar resultados",
  // downloadAll
  "Baixar tudo como",
  // downloadMarked
  "Baixar marcados como",
  // copyAll
  "Copiar tudo como",
  // copyMarked
  "Copiar marcados como",
  // copiedAs
  "Lista copiada como {format}",
  // downloaded
  "Baixado: {name}",
  // notDownloaded
  "Não baixado: {name}",
  // copyInstead
  "Copiar em vez disso",
  // showMore
  "Mostrar mais",
  // showLess
  "Mostrar menos",
  // mark
  "Marcar {number} para o assistente",
  // copyLink
  "Copiar link {number}",
  // linkCopied
  "Link {number} copiado",
  // linkBlocked
  "O link não abriu aqui.",
  // pressToCopy
  "Pressione Ctrl+C ou ⌘C para copiar.",
  // done
  "Concluído",
  // empty
  "Nenhum resultado para mostrar.",
  // noMatch
  "Nenhuma correspondência.",
  // showAll
  "Mostrar todos ({count})",
  // showFirst
  "Mostrar os primeiros {count}",
];
