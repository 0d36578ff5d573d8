/**
 * Every message table the view carries, by the language tag it is written in. A locale finds its
 * table by language and script (see `ui/i18n.ts`), so a tag here names a language and, where one
 * language is written in more than one script, the script: `zh-Hans`, `zh-Hant`.
 *
 * @module
 */
import type { Table } from "./messages.ts";
// In the order the view carries them: related languages side by side, which gzip compresses best.
import { en } from "./languages/en.ts";
import { de } from "./languages/de.ts";
import { nl } from "./languages/nl.ts";
import { fr } from "./languages/fr.ts";
import { es } from "./languages/es.ts";
import { pt } from "./languages/pt.ts";
import { it } from "./languages/it.ts";
import { pl } from "./languages/pl.ts";
import { ru } from "./languages/ru.ts";
import { tr } from "./languages/tr.ts";
import { he } from "./languages/he.ts";
import { ar } from "./languages/ar.ts";
import { fa } from "./languages/fa.ts";
import { ur } from "./languages/ur.ts";
import { hi } from "./languages/hi.ts";
import { ko } from "./languages/ko.ts";
import { ja } from "./languages/ja.ts";
import { zhHant } from "./languages/zh_hant.ts";
import { zhHans } from "./languages/zh_hans.ts";

/** Every table by its language tag; `en` is the one a locale without a table of its own gets. */
export const TABLES: Readonly<Record<string, Table>> = {
  ar,
  de,
  en,
  es,
  fa,
  fr,
  he,
  hi,
  it,
  ja,
  ko,
  nl,
  pl,
  pt,
  ru,
  tr,
  ur,
  "zh-Hans": zhHans,
  "zh-Hant": zhHant,
};
