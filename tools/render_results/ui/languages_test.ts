/**
 * The message tables: each complete against the English one, with the same placeholders and the
 * plural forms its language needs, each reachable from its own tag, each file as its comments say.
 */

import assert from "node:assert/strict";
import { localize } from "./i18n.ts";
import { TABLES } from "./languages.ts";
import { type Message, MESSAGE_KEYS } from "./messages.ts";

const forms = (message: Message): string[] =>
  typeof message === "string" ? [message] : Object.values(message);

const placeholders = (text: string): string[] => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();

Deno.test("every table has one message for each key, the keys of the English table", () => {
  assert.equal(TABLES.en.length, MESSAGE_KEYS.length);
  for (const [language, table] of Object.entries(TABLES)) {
    assert.equal(table.length, MESSAGE_KEYS.length, `${language} has one message for each key`);
    table.forEach((message, index) => {
      const where = `${language} ${MESSAGE_KEYS[index]}`;
      assert.ok(typeof message === "string" || typeof message === "object", where);
      for (const text of forms(message)) {
        assert.equal(typeof text, "string", where);
        assert.notEqual(text.trim(), "", `${where} is not blank`);
        assert.equal(text, text.trim(), `${where} has no space at either end`);
        assert.doesNotMatch(text, /\.\.\./, `${where} writes an ellipsis as …`);
      }
    });
  }
});

Deno.test("every form of every message has the placeholders of the English one", () => {
  MESSAGE_KEYS.forEach((key, index) => {
    const english = forms(TABLES.en[index]).map(placeholders);
    for (const other of english) assert.deepEqual(other, english[0], `en ${key}`);
    for (const [language, table] of Object.entries(TABLES)) {
      for (const text of forms(table[index])) {
        assert.deepEqual(placeholders(text), english[0], `${language} ${key}: ${text}`);
        assert.doesNotMatch(
          text.replace(/\{\w+\}/g, ""),
          /[{}]/,
          `${language} ${key} has no brace outside a placeholder`,
        );
      }
    }
  });
});

Deno.test("in right-to-left tables, keyboard shortcuts are isolated, so ⌘C never reads C⌘", () => {
  for (const [language, table] of Object.entries(TABLES)) {
    if (localize(language).dir !== "rtl") continue;
    for (const text of table.flatMap(forms)) {
      const bare = text.replace(/\u2066(?:Ctrl\+C|⌘C)\u2069/g, "");
      assert.doesNotMatch(bare, /Ctrl\+C|⌘C/, `${language}: ${text}`);
    }
  }
});

Deno.test("plural forms: exactly the categories each language's plural rules select", () => {
  for (const [language, table] of Object.entries(TABLES)) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    table.forEach((message, index) => {
      if (typeof message === "string") return;
      const where = `${language} ${MESSAGE_KEYS[index]}`;
      assert.ok(
        categories.length > 1,
        `${where}: one form for every number is written as a string`,
      );
      assert.deepEqual(Object.keys(message).sort(), [...categories].sort(), where);
    });
  }
});

Deno.test("each table is the one its own tag gets", () => {
  for (const [language, table] of Object.entries(TABLES)) {
    const words = localize(language);
    assert.equal(words.lang, language);
    MESSAGE_KEYS.forEach((key, index) => {
      const message = table[index];
      if (typeof message === "string" && !placeholders(message).length) {
        assert.equal(words.t(key), message, `${language} ${key}`);
      }
    });
  }
});

Deno.test("each table's file is registered, and names each message's key above it", async () => {
  const folder = new URL("./languages/", import.meta.url);
  const files: string[] = [];
  for await (const entry of Deno.readDir(folder)) files.push(entry.name);
  const tags = Object.keys(TABLES).map((tag) => `${tag.toLowerCase().replace("-", "_")}.ts`);
  assert.deepEqual(files.sort(), tags.sort(), "one file for each table in ui/languages.ts");
  for (const file of files) {
    const source = await Deno.readTextFile(new URL(file, folder));
    const comments = [...source.matchAll(/^ {2}\/\/ (\w+)$/gm)].map((match) => match[1]);
    assert.deepEqual(comments, [...MESSAGE_KEYS], `${file} names the keys in order`);
  }
});
