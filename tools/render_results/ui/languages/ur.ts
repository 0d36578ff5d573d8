/**
 * The view's messages in Urdu.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Urdu. */
export const ur: Table = [
  // waiting
  "نتائج کا انتظار ہے…",
  // alone
  "ایپ سے کوئی نتائج موصول نہیں ہوئے۔",
  // preparing
  "نتائج تیار ہو رہے ہیں…",
  // ready
  "نتائج تیار ہیں",
  // error
  "نتائج نہیں دکھائے جا سکے۔",
  // cancelled
  "منسوخ ہو گیا۔",
  // count
  { one: "{count} نتیجہ", other: "{count} نتائج" },
  // countOf
  { one: "{count} نتیجے میں سے {shown}", other: "{count} نتائج میں سے {shown}" },
  // marked
  "{count} نشان زد",
  // newestFirst
  "تازہ ترین پہلے",
  // copyList
  "فہرست کاپی کریں",
  // fullScreen
  "پوری اسکرین",
  // exitFullScreen
  "پوری اسکرین سے باہر نکلیں",
  // filter
  "نتائج فلٹر کریں",
  // downloadAll
  "سب کو اس فارمیٹ میں ڈاؤن لوڈ کریں:",
  // downloadMarked
  "نشان زد نتائج اس فارمیٹ میں ڈاؤن لوڈ کریں:",
  // copyAll
  "سب کو اس فارمیٹ میں کاپی کریں:",
  // copyMarked
  "نشان زد نتائج اس فارمیٹ میں کاپی کریں:",
  // copiedAs
  "فہرست {format} کے طور پر کاپی ہو گئی",
  // downloaded
  "ڈاؤن لوڈ ہو گئی: {name}",
  // notDownloaded
  "ڈاؤن لوڈ نہیں ہوئی: {name}",
  // copyInstead
  "اس کے بجائے کاپی کریں",
  // showMore
  "مزید دکھائیں",
  // showLess
  "کم دکھائیں",
  // mark
  "{number} کو اسسٹنٹ کے لیے نشان زد کریں",
  // copyLink
  "لنک {number} کاپی کریں",
  // linkCopied
  "لنک {number} کاپی ہو گیا",
  // linkBlocked
  "لنک یہاں نہیں کھلا۔",
  // pressToCopy
  "کاپی کرنے کے لیے \u2066Ctrl+C\u2069 یا \u2066⌘C\u2069 دبائیں۔",
  // done
  "ہو گیا",
  // empty
  "دکھانے کے لیے کوئی نتائج نہیں۔",
  // noMatch
  "کوئی مماثلت نہیں۔",
  // showAll
  "سب دکھائیں ({count})",
  // showFirst
  "پہلے {count} دکھائیں",
];
