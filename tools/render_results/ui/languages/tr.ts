/**
 * The view's messages in Turkish.
 *
 * @module
 */
import type { Table } from "../messages.ts";

/** The view's messages in Turkish. */
export const tr: Table = [
  // waiting
  "Sonuçlar bekleniyor…",
  // alone
  "Uygulamadan sonuç gelmedi.",
  // preparing
  "Sonuçlar hazırlanıyor…",
  // ready
  "Sonuçlar hazır",
  // error
  "Sonuçlar gösterilemedi.",
  // cancelled
  "İptal edildi.",
  // count
  "{count} sonuç",
  // countOf
  "{shown}/{count} sonuç",
  // marked
  "{count} işaretli",
  // newestFirst
  "Önce en yeni",
  // copyList
  "Listeyi kopyala",
  // fullScreen
  "Tam ekran",
  // exitFullScreen
  "Tam ekrandan çık",
  // filter
  "Sonuçları filtrele",
  // downloadAll
  "Tümünü şu biçimde indir:",
  // downloadMarked
  "İşaretlileri şu biçimde indir:",
  // copyAll
  "Tümünü şu biçimde kopyala:",
  // copyMarked
  "İşaretlileri şu biçimde kopyala:",
  // copiedAs
  "Liste {format} olarak kopyalandı",
  // downloaded
  "{name} indirildi",
  // notDownloaded
  "İndirilmedi: {name}",
  // copyInstead
  "Bunun yerine kopyala",
  // showMore
  "Daha fazla göster",
  // showLess
  "Daha az göster",
  // mark
  "{number}. sonucu asistan için işaretle",
  // copyLink
  "{number}. bağlantıyı kopyala",
  // linkCopied
  "{number}. bağlantı kopyalandı",
  // linkBlocked
  "Bağlantı burada açılmadı.",
  // pressToCopy
  "Kopyalamak için Ctrl+C veya ⌘C tuşlarına basın.",
  // done
  "Bitti",
  // empty
  "Gösterilecek sonuç yok.",
  // noMatch
  "Eşleşme yok.",
  // showAll
  "Tümünü göster ({count})",
  // showFirst
  "İlk {count} sonucu göster",
];
