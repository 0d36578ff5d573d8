/**
 * The view's words in the reader's language. {@link localize} finds the message table for the
 * locale the host gives (`hostContext.locale`) and returns what the view needs to speak it: the
 * language and direction for the document, and each message with its placeholders filled.
 *
 * A locale gets the table written in its language and script, the script being the one the
 * locale names or else the likeliest for it: `pt-BR` gets `pt`, `es-419` gets `es`, `zh-TW`,
 * `zh-HK` and `zh-MO` get `zh-Hant`, `zh`, `zh-CN` and `zh-SG` get `zh-Hans`. A language without a
 * table, one written in a script its table is not (`ar-Latn`), and anything that is not a
 * well-formed locale get English.
 *
 * @example Speaking German
 * ```ts
 * import { localize } from "./i18n.ts";
 *
 * const words = localize("de-DE");
 * words.t("countOf", { shown: 2, count: 1234 }); // "2 von 1.234 Ergebnissen"
 * ```
 *
 * @module
 */
import { TABLES } from "./languages.ts";
import { MESSAGE_KEYS, type MessageKey, type Table } from "./messages.ts";

/** The values of a message's placeholders, by name. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** The view's words in one language. */
export interface Localized {
  /** The language of the words, for `lang`: the host's locale, or `en` where it has no table. */
  readonly lang: string;
  /** The direction that language is written in, for `dir`. */
  readonly dir: "ltr" | "rtl";
  /**
   * Message `key` with each `{name}` in it filled from `values`: a number written for the host's
   * locale, a string as given. In right-to-left words a string is isolated (between U+2068 and
   * U+2069), as the view's values (file and format names, citation numbers) run left to right and
   * would otherwise take the punctuation around them along. A message with plural forms takes the
   * form for the value of `count`. A placeholder without a value is left as it is.
   */
  t(key: MessageKey, values?: MessageValues): string;
}

// The scripts of the tables written right to left, as `Intl.Locale` names them.
const RTL_SCRIPTS = ["Arab", "Hebr"];

// Far longer than any locale a host sends; a longer string is not parsed at all.
const MAX_LOCALE_LENGTH = 100;

// Each table by the language and script it is written in, made on first use.
let tablesByScript: Map<string, string> | undefined;

/** The language and script of `tag`, the likeliest script where it names none: `zh-Hant`. */
function languageScript(tag: string): { language: string; script?: string } {
  return new Intl.Locale(tag).maximize();
}

/** The canonical form of `locale`, or undefined where it is not a well-formed locale. */
function canonical(locale: unknown): string | undefined {
  if (typeof locale !== "string" || locale.length > MAX_LOCALE_LENGTH) return undefined;
  try {
    // Some hosts write locales the POSIX way, `pt_BR`.
    return Intl.getCanonicalLocales(locale.replaceAll("_", "-"))[0];
  } catch {
    return undefined;
  }
}

/** The table for canonical locale `tag` and the script it is written in, if there is one. */
function tableFor(tag: string): { lang: string; table: Table; script?: string } | undefined {
  try {
    tablesByScript ??= new Map(
      Object.keys(TABLES).map((name) => {
        const { language, script } = languageScript(name);
        return [`${language}-${script}`, name];
      }),
    );
    const { language, script } = languageScript(tag);
    const name = tablesByScript.get(`${language}-${script}`);
    return name === undefined ? undefined : { lang: tag, table: TABLES[name], script };
  } catch {
    // A browser without `Intl.Locale`.
    return undefined;
  }
}

/** The view's words for the host's `locale`: any value, English where no table fits it. */
export function localize(locale: unknown): Localized {
  const tag = canonical(locale);
  const found = tag === undefined ? undefined : tableFor(tag);
  const lang = found?.lang ?? "en";
  const table = found?.table ?? TABLES.en;
  const numbers = new Intl.NumberFormat(tag ?? "en");
  // Plural forms are the table's language's, even where numbers are written the host's way.
  const plurals = new Intl.PluralRules(lang);
  const dir = RTL_SCRIPTS.includes(found?.script ?? "") ? "rtl" : "ltr";
  return {
    lang,
    dir,
    t(key, values = {}) {
      const message = table[MESSAGE_KEYS.indexOf(key)];
      const text = typeof message === "string"
        ? message
        : message[plurals.select(Number(values.count))] ?? message.other;
      return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
        if (!Object.hasOwn(values, name)) return placeholder;
        const value = values[name];
        if (typeof value === "number") return numbers.format(value);
        return dir === "rtl" ? `\u2068${value}\u2069` : value;
      });
    },
  };
}
