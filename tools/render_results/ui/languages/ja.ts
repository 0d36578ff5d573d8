/**
 * The view's messages in Japanese.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Japanese. */
export const ja: Table = [
  // waiting
  "結果を待っています…",
  // alone
  "アプリから結果が届きませんでした。",
  // preparing
  "結果を準備しています…",
  // ready
  "結果の準備ができました",
  // error
  "結果を表示できませんでした。",
  // cancelled
  "キャンセルされました。",
  // count
  "{count}件",
  // countOf
  "{count}件中{shown}件",
  // marked
  "マーク済み {count}件",
  // newestFirst
  "新しい順",
  // copyList
  "リストをコピー",
  // fullScreen
  "全画面表示",
  // exitFullScreen
  "全画面表示を終了",
  // filter
  "結果を絞り込む",
  // downloadAll
  "すべてダウンロード：",
  // downloadMarked
  "マークした結果をダウンロード：",
  // copyAll
  "すべてコピー：",
  // copyMarked
  "マークした結果をコピー：",
  // copiedAs
  "リストを {format} 形式でコピーしました",
  // downloaded
  "{name} をダウンロードしました",
  // notDownloaded
  "ダウンロードされませんでした：{name}",
  // copyInstead
  "代わりにコピー",
  // showMore
  "もっと見る",
  // showLess
  "折りたたむ",
  // mark
  "{number} をアシスタント用にマーク",
  // copyLink
  "リンク {number} をコピー",
  // linkCopied
  "リンク {number} をコピーしました",
  // linkBlocked
  "ここではリンクを開けませんでした。",
  // pressToCopy
  "Ctrl+C または ⌘C を押してコピーしてください。",
  // done
  "完了",
  // empty
  "表示する結果はありません。",
  // noMatch
  "一致する結果はありません。",
  // showAll
  "すべて表示（{count}件）",
  // showFirst
  "最初の{count}件を表示",
];
