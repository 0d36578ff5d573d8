/**
 * What a message table is: one message for each name in {@link MESSAGE_KEYS}, in that order. A
 * table is an array, not a record, so that the view carries each name once, not once a language.
 * The tables themselves are in `ui/languages/`; `docs/view_languages.md` says how to add one.
 *
 * @module
 */

/** The name of every message the view says, in the order every table lists them. */
export const MESSAGE_KEYS = [
  "waiting",
  "alone",
  "preparing",
  "ready",
  "error",
  "cancelled",
  "count",
  "countOf",
  "marked",
  "newestFirst",
  "copyList",
  "fullScreen",
  "exitFullScreen",
  "filter",
  "downloadAll",
  "downloadMarked",
  "copyAll",
  "copyMarked",
  "copiedAs",
  "downloaded",
  "notDownloaded",
  "copyInstead",
  "showMore",
  "showLess",
  "mark",
  "copyLink",
  "linkCopied",
  "linkBlocked",
  "pressToCopy",
  "done",
  "empty",
  "noMatch",
  "showAll",
  "showFirst",
] as const;

/** The name of a message. */
export type MessageKey = typeof MESSAGE_KEYS[number];

/** A message written once for every number, or once for each plural category of its language. */
export type Message = string | PluralMessage;

/**
 * A message by plural category, the category chosen by the value of its `{count}`: `other` and
 * every other category `Intl.PluralRules` can select in the table's language.
 */
export type PluralMessage =
  & { readonly other: string }
  & { readonly [category in Intl.LDMLPluralRule]?: string };

// Generic, so that mapping the tuple of names gives a tuple of the same length.
type MessagesFor<Keys extends readonly string[]> = { readonly [index in keyof Keys]: Message };

/** A language's messages, in the order of {@link MESSAGE_KEYS}. */
export type Table = MessagesFor<typeof MESSAGE_KEYS>;
