/**
 * The view's messages in Chinese in traditional characters, as written in Taiwan.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Chinese in traditional characters, as written in Taiwan. */
export const zhHant: Table = [
  // waiting
  "正在等待結果…",
  // alone
  "未從應用程式收到結果。",
  // preparing
  "正在準備結果…",
  // ready
  "結果已就緒",
  // error
  "無法顯示結果。",
  // cancelled
  "已取消。",
  // count
  "{count} 筆結果",
  // countOf
  "{shown} / {count} 筆結果",
  // marked
  "已標記 {count} 筆",
  // newestFirst
  "最新優先",
  // copyList
  "複製清單",
  // fullScreen
  "全螢幕",
  // exitFullScreen
  "結束全螢幕",
  // filter
  "篩選結果",
  // downloadAll
  "全部下載為",
  // downloadMarked
  "已標記項目下載為",
  // copyAll
  "全部複製為",
  // copyMarked
  "已標記項目複製為",
  // copiedAs
  "已將清單複製為 {format}",
  // downloaded
  "已下載 {name}",
  // notDownloaded
  "未下載：{name}",
  // copyInstead
  "改為複製",
  // showMore
  "展開",
  // showLess
  "收合",
  // mark
  "為助理標記第 {number} 筆",
  // copyLink
  "複製連結 {number}",
  // linkCopied
  "已複製連結 {number}",
  // linkBlocked
  "無法在此開啟連結。",
  // pressToCopy
  "請按 Ctrl+C 或 ⌘C 複製。",
  // done
  "完成",
  // empty
  "沒有可顯示的結果。",
  // noMatch
  "沒有符合的結果。",
  // showAll
  "顯示全部（{count} 個）",
  // showFirst
  "只顯示前 {count} 個",
];
