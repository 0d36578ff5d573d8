/**
 * The view's messages in Hebrew.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Hebrew. */
export const he: Table = [
  // waiting
  "ממתין לתוצאות…",
  // alone
  "לא התקבלו תוצאות מהאפליקציה.",
  // preparing
  "מכין תוצאות…",
  // ready
  "התוצאות מוכנות",
  // error
  "לא ניתן היה להציג את התוצאות.",
  // cancelled
  "בוטל.",
  // count
  { one: "{count} תוצאה", two: "{count} תוצאות", other: "{count} תוצאות" },
  // countOf
  {
    one: "{shown} מתוך {count} תוצאה",
    two: "{shown} מתוך {count} תוצאות",
    other: "{shown} מתוך {count} תוצאות",
  },
  // marked
  { one: "{count} מסומנת", two: "{count} מסומנות", other: "{count} מסומנות" },
  // newestFirst
  "מהחדש לישן",
  // copyList
  "העתקת הרשימה",
  // fullScreen
  "מסך מלא",
  // exitFullScreen
  "יציאה ממסך מלא",
  // filter
  "סינון תוצאות",
  // downloadAll
  "הורדת הכול בפורמט",
  // downloadMarked
  "הורדת המסומנות בפורמט",
  // copyAll
  "העתקת הכול בפורמט",
  // copyMarked
  "העתקת המסומנות בפורמט",
  // copiedAs
  "הרשימה הועתקה בפורמט {format}",
  // downloaded
  "ההורדה הושלמה: {name}",
  // notDownloaded
  "לא הורד: {name}",
  // copyInstead
  "העתקה במקום זאת",
  // showMore
  "הצגת עוד",
  // showLess
  "הצגת פחות",
  // mark
  "סימון {number} עבור העוזר",
  // copyLink
  "העתקת קישור {number}",
  // linkCopied
  "קישור {number} הועתק",
  // linkBlocked
  "הקישור לא נפתח כאן.",
  // pressToCopy
  "יש להקיש \u2066Ctrl+C\u2069 או \u2066⌘C\u2069 כדי להעתיק אותו.",
  // done
  "סיום",
  // empty
  "אין תוצאות להצגה.",
  // noMatch
  "אין התאמות.",
  // showAll
  "הצגת הכול ({count})",
  // showFirst
  "הצגת {count} הראשונים",
];
