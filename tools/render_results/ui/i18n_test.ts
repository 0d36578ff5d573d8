/**
 * The view's words for the host's locale: which table a locale gets, which way it runs, and how
 * numbers, plurals and placeholders are written.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import { localize } from "./i18n.ts";

const newestFirst = (locale: unknown) => localize(locale).t("newestFirst");

Deno.test("a locale gets the table of its language and script, else English", () => {
  const expected: Record<string, string[]> = {
    "Newest first": ["en", "en-US", "en-GB", "EN-gb", "fi", "fi-FI", "sw", "qaa", "und"],
    "Neueste zuerst": ["de", "de-DE", "de-AT", "de-CH", "DE"],
    "Más recientes": ["es", "es-ES", "es-419", "es-MX"],
    "Mais recentes": ["pt", "pt-BR", "pt-PT", "pt_BR"],
    "Plus récents": ["fr", "fr-CA", "fr-FR"],
    "最新优先": ["zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "zh-Hans-HK", "cmn-Hans"],
    "最新優先": ["zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW", "zh-Hant-CN", "und-Hant"],
    "מהחדש לישן": ["he", "he-IL", "iw"],
    "新しい順": ["ja", "ja-JP"],
  };
  for (const [text, locales] of Object.entries(expected)) {
    for (const locale of locales) assert.equal(newestFirst(locale), text, locale);
  }
  // A language written in a script its table is not falls back to English.
  for (const locale of ["ar-Latn", "ru-Latn", "hi-Latn", "ja-Latn"]) {
    assert.equal(newestFirst(locale), "Newest first", locale);
  }
});

Deno.test("lang is the host's locale where its table was found, else en", () => {
  assert.equal(localize("pt-BR").lang, "pt-BR");
  assert.equal(localize("zh-tw").lang, "zh-TW");
  assert.equal(localize("de_DE").lang, "de-DE");
  assert.equal(localize("iw").lang, "he");
  assert.equal(localize("fi-FI").lang, "en");
  assert.equal(localize("ar-Latn").lang, "en");
});

Deno.test("an unknown, empty or malformed locale, or no string at all, gives English", () => {
  const garbage: unknown[] = [
    "",
    " ",
    "__proto__",
    "constructor",
    "toString",
    "en-",
    "-de",
    "de--DE",
    "d",
    "123",
    "i-klingon",
    "x-private",
    "de DE",
    "de-DE\n",
    "日本語",
    "a".repeat(1_000_000),
    "de-DE-u-" + "ca-gregory-".repeat(20) + "nu-latn",
    undefined,
    null,
    42,
    NaN,
    true,
    {},
    [],
    ["de"],
    { toString: () => "de" },
    Object.create(null),
    Symbol("de"),
    () => "de",
    new String("de"),
  ];
  for (const locale of garbage) {
    const words = localize(locale);
    const name = Deno.inspect(locale, { strAbbreviateSize: 40 });
    assert.equal(words.lang, "en", name);
    assert.equal(words.dir, "ltr", name);
    assert.equal(words.t("count", { count: 1234 }), "1,234 results", name);
  }
});

Deno.test("no value whatever makes localize or its messages throw", () => {
  const subtag = fc.constantFrom("de", "ar", "zh", "Hant", "Latn", "419", "u", "nu", "x", "_", "");
  const localeLike = fc.array(subtag, { maxLength: 6 }).map((parts) => parts.join("-"));
  fc.assert(
    fc.property(fc.oneof(fc.anything(), fc.string(), localeLike), fc.integer(), (locale, count) => {
      const words = localize(locale);
      assert.deepEqual(Intl.getCanonicalLocales(words.lang), [words.lang]);
      assert.ok(words.dir === "ltr" || words.dir === "rtl");
      assert.equal(typeof words.t("countOf", { shown: count, count }), "string");
    }),
    { numRuns: 2000 },
  );
});

Deno.test("Arabic, Hebrew, Persian and Urdu run right to left; the rest left to right", () => {
  for (const locale of ["ar", "ar-EG", "ar-SA", "he", "iw", "fa", "fa-AF", "ur", "ur-IN"]) {
    assert.equal(localize(locale).dir, "rtl", locale);
  }
  for (const locale of ["ar-Latn", "en", "de", "hi", "ja", "zh-TW", "ru", "tr", "nonsense!"]) {
    assert.equal(localize(locale).dir, "ltr", locale);
  }
});

Deno.test("counts in Arabic take each of its six plural forms, in the host's digits", () => {
  const egypt = localize("ar-EG");
  const forms = [0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map((count) => egypt.t("count", { count }));
  assert.deepEqual(forms, [
    "٠ نتيجة", // zero
    "١ نتيجة", // one
    "٢ نتيجتان", // two
    "٣ نتائج", // few
    "١٠ نتائج", // few
    "١١ نتيجة", // many
    "٩٩ نتيجة", // many
    "١٠٠ نتيجة", // other
    "١٠٢ نتيجة", // other
    "١٠٣ نتائج", // few
  ]);
  assert.equal(egypt.t("countOf", { shown: 1, count: 2 }), "١ من ٢ نتيجتين");
  assert.equal(localize("ar-EG-u-nu-latn").t("countOf", { shown: 3, count: 8 }), "3 من 8 نتائج");
  assert.equal(localize("ar-EG").t("copyLink", { number: 12 }), "نسخ الرابط ١٢");
});

Deno.test("counts in Polish and Russian take their few and many forms", () => {
  const polish = localize("pl-PL");
  assert.deepEqual(
    [1, 2, 4, 5, 12, 22, 25, 12345].map((count) => polish.t("count", { count })),
    [
      "1 wynik",
      "2 wyniki",
      "4 wyniki",
      "5 wyników",
      "12 wyników",
      "22 wyniki",
      "25 wyników",
      "12\u00a0345 wyników",
    ],
  );
  assert.equal(polish.t("countOf", { shown: 3, count: 22 }), "3 z 22 wyników");
  assert.equal(polish.t("countOf", { shown: 1, count: 1 }), "1 z 1 wyniku");
  const russian = localize("ru");
  assert.deepEqual(
    [1, 3, 5, 11, 21, 1234].map((count) => russian.t("count", { count })),
    [
      "1 результат",
      "3 результата",
      "5 результатов",
      "11 результатов",
      "21 результат",
      "1\u00a0234 результата",
    ],
  );
  assert.equal(russian.t("countOf", { shown: 2, count: 21 }), "2 из 21 результата");
});

Deno.test("Japanese has one form for every count; other languages write numbers their way", () => {
  const japanese = localize("ja-JP");
  assert.deepEqual([1, 2, 1234].map((count) => japanese.t("count", { count })), [
    "1件",
    "2件",
    "1,234件",
  ]);
  assert.equal(japanese.t("countOf", { shown: 2, count: 8 }), "8件中2件");
  assert.equal(localize("de").t("count", { count: 1 }), "1 Ergebnis");
  assert.equal(localize("de").t("countOf", { shown: 2, count: 1234 }), "2 von 1.234 Ergebnissen");
  assert.equal(localize("fr").t("count", { count: 1234 }), "1\u202f234 résultats");
  assert.equal(localize("fr").t("count", { count: 0 }), "0 résultat");
  assert.equal(localize("hi").t("count", { count: 123456 }), "1,23,456 परिणाम");
  // A language without a table speaks English, with its own way of writing numbers.
  assert.equal(localize("fi-FI").t("count", { count: 1234 }), "1\u00a0234 results");
  assert.equal(localize("en").t("count", { count: 1 }), "1 result");
  assert.equal(localize("en").t("countOf", { shown: 1, count: 1 }), "1 of 1 result");
});

Deno.test("placeholders: strings as they are, isolated in right-to-left words, missing ones left visible", () => {
  const english = localize("en");
  assert.equal(english.t("copyList"), "Copy list");
  assert.equal(english.t("copyLink", { number: 3 }), "Copy link 3");
  assert.equal(english.t("downloaded", { name: "results.csv" }), "Downloaded results.csv");
  assert.equal(
    localize("ar").t("copiedAs", { format: "BibTeX" }),
    "تم نسخ القائمة بصيغة \u2068BibTeX\u2069",
  );
  assert.match(localize("he").t("copyLink", { number: "3" }), /\u20683\u2069/);
  // A value is never read as a message: its own braces stay.
  assert.equal(
    english.t("downloaded", { name: "{count}.csv", count: 2 }),
    "Downloaded {count}.csv",
  );
  assert.equal(english.t("copyLink"), "Copy link {number}");
  assert.equal(english.t("copyLink", {}), "Copy link {number}");
  assert.equal(english.t("count"), "{count} results");
});
