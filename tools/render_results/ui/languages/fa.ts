/**
 * The view's messages in Persian.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Persian. */
export const fa: Table = [
  // waiting
  "در انتظار نتایج…",
  // alone
  "نتیجه‌ای از برنامه نرسید.",
  // preparing
  "در حال آماده‌سازی نتایج…",
  // ready
  "نتایج آماده است",
  // error
  "نمایش نتایج ممکن نشد.",
  // cancelled
  "لغو شد.",
  // count
  "{count} نتیجه",
  // countOf
  "{shown} از {count} نتیجه",
  // marked
  "{count} علامت‌دار",
  // newestFirst
  "جدیدترین‌ها اول",
  // copyList
  "کپی فهرست",
  // fullScreen
  "تمام‌صفحه",
  // exitFullScreen
  "خروج از تمام‌صفحه",
  // filter
  "فیلتر نتایج",
  // downloadAll
  "بارگیری همه با قالب",
  // downloadMarked
  "بارگیری علامت‌دارها با قالب",
  // copyAll
  "کپی همه با قالب",
  // copyMarked
  "کپی علامت‌دارها با قالب",
  // copiedAs
  "فهرست با قالب {format} کپی شد",
  // downloaded
  "{name} بارگیری شد",
  // notDownloaded
  "بارگیری نشد: {name}",
  // copyInstead
  "در عوض کپی کنید",
  // showMore
  "نمایش بیشتر",
  // showLess
  "نمایش کمتر",
  // mark
  "علامت‌گذاری {number} برای دستیار",
  // copyLink
  "کپی پیوند {number}",
  // linkCopied
  "پیوند {number} کپی شد",
  // linkBlocked
  "پیوند اینجا باز نشد.",
  // pressToCopy
  "برای کپی، \u2066Ctrl+C\u2069 یا \u2066⌘C\u2069 را فشار دهید.",
  // done
  "انجام شد",
  // empty
  "نتیجه‌ای برای نمایش نیست.",
  // noMatch
  "موردی مطابقت ندارد.",
  // showAll
  "نمایش همه ({count})",
  // showFirst
  "نمایش {count} مورد اول",
];
