/**
 * The view's messages in Russian.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Russian. */
export const ru: Table = [
  // waiting
  "Ожидание результатов…",
  // alone
  "Приложение не прислало результатов.",
  // preparing
  "Подготовка результатов…",
  // ready
  "Результаты готовы",
  // error
  "Не удалось показать результаты.",
  // cancelled
  "Отменено.",
  // count
  {
    one: "{count} результат",
    few: "{count} результата",
    many: "{count} результатов",
    other: "{count} результата",
  },
  // countOf
  {
    one: "{shown} из {count} результата",
    few: "{shown} из {count} результатов",
    many: "{shown} из {count} результатов",
    other: "{shown} из {count} результата",
  },
  // marked
  "Отмечено: {count}",
  // newestFirst
  "Сначала новые",
  // copyList
  "Копировать список",
  // fullScreen
  "Во весь экран",
  // exitFullScreen
  "Выйти из полного экрана",
  // filter
  "Фильтр результатов",
  // downloadAll
  "Скачать всё в формате",
  // downloadMarked
  "Скачать отмеченные в формате",
  // copyAll
  "Копировать всё в формате",
  // copyMarked
  "Копировать отмеченные в формате",
  // copiedAs
  "Список скопирован в формате {format}",
  // downloaded
  "Скачано: {name}",
  // notDownloaded
  "Не скачано: {name}",
  // copyInstead
  "Скопировать вместо этого",
  // showMore
  "Показать полностью",
  // showLess
  "Свернуть",
  // mark
  "Отметить {number} для ассистента",
  // copyLink
  "Копировать ссылку {number}",
  // linkCopied
  "Ссылка {number} скопирована",
  // linkBlocked
  "Ссылка здесь не открылась.",
  // pressToCopy
  "Нажмите Ctrl+C или ⌘C, чтобы скопировать.",
  // done
  "Готово",
  // empty
  "Нет результатов для показа.",
  // noMatch
  "Нет совпадений.",
  // showAll
  "Показать все ({count})",
  // showFirst
  "Показать первые {count}",
];
