/**
 * The view's messages in Korean.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Korean. */
export const ko: Table = [
  // waiting
  "결과를 기다리는 중…",
  // alone
  "앱에서 결과가 도착하지 않았습니다.",
  // preparing
  "결과 준비 중…",
  // ready
  "결과 준비됨",
  // error
  "결과를 표시할 수 없습니다.",
  // cancelled
  "취소되었습니다.",
  // count
  "결과 {count}개",
  // countOf
  "결과 {count}개 중 {shown}개",
  // marked
  "{count}개 표시됨",
  // newestFirst
  "최신순",
  // copyList
  "목록 복사",
  // fullScreen
  "전체 화면",
  // exitFullScreen
  "전체 화면 종료",
  // filter
  "결과 필터",
  // downloadAll
  "모두 다운로드:",
  // downloadMarked
  "표시한 항목 다운로드:",
  // copyAll
  "모두 복사:",
  // copyMarked
  "표시한 항목 복사:",
  // copiedAs
  "목록을 {format} 형식으로 복사했습니다",
  // downloaded
  "{name} 다운로드됨",
  // notDownloaded
  "다운로드되지 않음: {name}",
  // copyInstead
  "대신 복사",
  // showMore
  "더보기",
  // showLess
  "접기",
  // mark
  "{number}번을 어시스턴트용으로 표시",
  // copyLink
  "링크 {number} 복사",
  // linkCopied
  "링크 {number} 복사됨",
  // linkBlocked
  "여기서 링크를 열 수 없습니다.",
  // pressToCopy
  "Ctrl+C 또는 ⌘C를 눌러 복사하세요.",
  // done
  "완료",
  // empty
  "표시할 결과가 없습니다.",
  // noMatch
  "일치하는 결과가 없습니다.",
  // showAll
  "모두 보기({count}개)",
  // showFirst
  "처음 {count}개만 보기",
];
