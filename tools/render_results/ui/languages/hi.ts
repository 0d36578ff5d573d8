/**
 * The view's messages in Hindi.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Hindi. */
export const hi: Table = [
  // waiting
  "परिणामों की प्रतीक्षा है…",
  // alone
  "ऐप से कोई परिणाम नहीं मिला।",
  // preparing
  "परिणाम तैयार हो रहे हैं…",
  // ready
  "परिणाम तैयार हैं",
  // error
  "परिणाम नहीं दिखाए जा सके।",
  // cancelled
  "रद्द किया गया।",
  // count
  "{count} परिणाम",
  // countOf
  "{count} में से {shown} परिणाम",
  // marked
  "{count} चिह्नित",
  // newestFirst
  "सबसे नए पहले",
  // copyList
  "सूची कॉपी करें",
  // fullScreen
  "फ़ुल स्क्रीन",
  // exitFullScreen
  "फ़ुल स्क्रीन से बाहर निकलें",
  // filter
  "परिणाम फ़िल्टर करें",
  // downloadAll
  "सभी को इस रूप में डाउनलोड करें:",
  // downloadMarked
  "चिह्नित परिणाम इस रूप में डाउनलोड करें:",
  // copyAll
  "सभी को इस रूप में कॉपी करें:",
  // copyMarked
  "चिह्नित परिणाम इस रूप में कॉपी करें:",
  // copiedAs
  "सूची {format} के रूप में कॉपी हो गई",
  // downloaded
  "डाउनलोड हो गई: {name}",
  // notDownloaded
  "डाउनलोड नहीं हुई: {name}",
  // copyInstead
  "इसके बजाय कॉपी करें",
  // showMore
  "ज़्यादा दिखाएं",
  // showLess
  "कम दिखाएं",
  // mark
  "{number} को असिस्टेंट के लिए चिह्नित करें",
  // copyLink
  "लिंक {number} कॉपी करें",
  // linkCopied
  "लिंक {number} कॉपी हो गया",
  // linkBlocked
  "लिंक यहां नहीं खुला।",
  // pressToCopy
  "कॉपी करने के लिए Ctrl+C या ⌘C दबाएं।",
  // done
  "हो गया",
  // empty
  "दिखाने के लिए कोई परिणाम नहीं।",
  // noMatch
  "कोई मेल नहीं।",
  // showAll
  "सभी {count} दिखाएं",
  // showFirst
  "पहले {count} दिखाएं",
];
