/**
 * The view's messages in Chinese in simplified characters.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Chinese in simplified characters. */
export const zhHans: Table = [
  // waiting
  "正在等待结果…",
  // alone
  "未从应用收到结果。",
  // preparing
  "正在准备结果…",
  // ready
  "结果已就绪",
  // error
  "无法显示结果。",
  // cancelled
  "已取消。",
  // count
  "{count} 条结果",
  // countOf
  "{shown} / {count} 条结果",
  // marked
  "已标记 {count} 条",
  // newestFirst
  "最新优先",
  // copyList
  "复制列表",
  // fullScreen
  "全屏",
  // exitFullScreen
  "退出全屏",
  // filter
  "筛选结果",
  // downloadAll
  "全部下载为",
  // downloadMarked
  "已标记项下载为",
  // copyAll
  "全部复制为",
  // copyMarked
  "已标记项复制为",
  // copiedAs
  "已将列表复制为 {format}",
  // downloaded
  "已下载 {name}",
  // notDownloaded
  "未下载：{name}",
  // copyInstead
  "改为复制",
  // showMore
  "展开",
  // showLess
  "收起",
  // mark
  "为助手标记第 {number} 条",
  // copyLink
  "复制链接 {number}",
  // linkCopied
  "已复制链接 {number}",
  // linkBlocked
  "链接无法在此打开。",
  // pressToCopy
  "请按 Ctrl+C 或 ⌘C 复制。",
  // done
  "完成",
  // empty
  "没有可显示的结果。",
  // noMatch
  "没有匹配的结果。",
  // showAll
  "显示全部（{count} 个）",
  // showFirst
  "只显示前 {count} 个",
];
