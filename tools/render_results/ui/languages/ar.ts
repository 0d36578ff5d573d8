/**
 * The view's messages in Arabic.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Arabic. */
export const ar: Table = [
  // waiting
  "في انتظار النتائج…",
  // alone
  "لم تصل أي نتائج من التطبيق.",
  // preparing
  "جارٍ تجهيز النتائج…",
  // ready
  "النتائج جاهزة",
  // error
  "تعذّر عرض النتائج.",
  // cancelled
  "تم الإلغاء.",
  // count
  {
    zero: "{count} نتيجة",
    one: "{count} نتيجة",
    two: "{count} نتيجتان",
    few: "{count} نتائج",
    many: "{count} نتيجة",
    other: "{count} نتيجة",
  },
  // countOf
  {
    zero: "{shown} من {count} نتيجة",
    one: "{shown} من {count} نتيجة",
    two: "{shown} من {count} نتيجتين",
    few: "{shown} من {count} نتائج",
    many: "{shown} من {count} نتيجة",
    other: "{shown} من {count} نتيجة",
  },
  // marked
  "المميّزة: {count}",
  // newestFirst
  "الأحدث أولاً",
  // copyList
  "نسخ القائمة",
  // fullScreen
  "ملء الشاشة",
  // exitFullScreen
  "الخروج من ملء الشاشة",
  // filter
  "تصفية النتائج",
  // downloadAll
  "تنزيل الكل بصيغة",
  // downloadMarked
  "تنزيل المميّزة بصيغة",
  // copyAll
  "نسخ الكل بصيغة",
  // copyMarked
  "نسخ المميّزة بصيغة",
  // copiedAs
  "تم نسخ القائمة بصيغة {format}",
  // downloaded
  "تم تنزيل {name}",
  // notDownloaded
  "لم يتم التنزيل: {name}",
  // copyInstead
  "النسخ بدلاً من ذلك",
  // showMore
  "عرض المزيد",
  // showLess
  "عرض أقل",
  // mark
  "تمييز {number} للمساعد",
  // copyLink
  "نسخ الرابط {number}",
  // linkCopied
  "تم نسخ الرابط {number}",
  // linkBlocked
  "لم يُفتح الرابط هنا.",
  // pressToCopy
  "اضغط \u2066Ctrl+C\u2069 أو \u2066⌘C\u2069 لنسخه.",
  // done
  "تم",
  // empty
  "لا توجد نتائج لعرضها.",
  // noMatch
  "لا توجد نتائج مطابقة.",
  // showAll
  "عرض الكل ({count})",
  // showFirst
  "عرض أول {count}",
];
