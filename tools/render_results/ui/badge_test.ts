/**
 * The site badge: its letter and hue.
 */

import assert from "node:assert/strict";
import { resultItem } from "./testing.ts";
import { listBadges, siteBadge } from "./badge.ts";

Deno.test("siteBadge takes its letter from the site's name and its hue from the host", () => {
  assert.deepEqual(
    siteBadge("docs.deno.com", "", "Title"),
    siteBadge("docs.deno.com", "", "Other"),
  );
  assert.equal(siteBadge("docs.deno.com", "", "x").letter, "D");
  assert.equal(siteBadge("www.bbc.co.uk", "", "x").letter, "B");
  assert.equal(siteBadge("example.com.au", "", "x").letter, "E");
  assert.equal(siteBadge("localhost", "", "x").letter, "L");
  assert.equal(siteBadge("example.com", "Deno Docs", "x").letter, "D", "the name shown wins");
  assert.equal(
    siteBadge("example.com", "Deno Docs", "x").hue,
    siteBadge("example.com", "", "x").hue,
    "one host, one colour",
  );
  assert.equal(siteBadge("xn--r8jz45g.jp", "", "例え").letter, "例", "punycode: the title's");
  assert.equal(siteBadge("", "", "«ßeta»").letter, "S");
  assert.equal(siteBadge("", "", "…").letter, "#");
  const hues = new Set(
    ["a.com", "b.com", "c.org", "deno.com", "preactjs.com"].map((host) =>
      siteBadge(host, "", "").hue
    ),
  );
  assert.equal(hues.size, 5, "different hosts, different hues");
  for (const hue of hues) assert.ok(Number.isInteger(hue) && hue >= 0 && hue < 360);
});

Deno.test("listBadges gives sites that share a letter hues that stand apart", () => {
  const source = (host: string, name = "") => ({
    ...resultItem(1, {
      title: "Title",
      url: `https://${host}/`,
      metadata: name ? { siteName: name } : {},
    }),
    host,
  });
  const alike = [source("blog.example.org"), source("news.example.net")];
  assert.deepEqual(alike.map((s) => siteBadge(s.host, "", "").letter), ["E", "E"]);
  const near = Math.abs(
    siteBadge(alike[0].host, "", "").hue - siteBadge(alike[1].host, "", "").hue,
  );
  assert.ok(near < 40, `the two hosts' own hues are ${near} degrees apart`);
  const [first, second] = listBadges(alike);
  assert.deepEqual(first, siteBadge(alike[0].host, "", ""), "the first keeps its own badge");
  assert.equal(second.letter, "E");
  const apart = Math.abs(((first.hue - second.hue + 540) % 360) - 180);
  assert.ok(apart >= 40, `${first.hue} and ${second.hue} stand apart`);

  // Twelve sites named alike: the first five stand apart, as documented; each later one stands
  // apart where a hue still does, and otherwise takes the hue farthest from the hues before it.
  const many = "abcdefghijkl".split("").map((letter) => source(`${letter}.example`, "Example"));
  const hues = listBadges(many).map((badge) => badge.hue);
  const distance = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
  const nearest = (hue: number, others: number[]) =>
    Math.min(...others.map((other) => distance(hue, other)));
  let crowded = 0;
  for (let i = 1; i < hues.length; i++) {
    const before = hues.slice(0, i);
    const farthest = Math.max(...Array.from({ length: 360 }, (_, hue) => nearest(hue, before)));
    if (i < 5) assert.ok(farthest >= 40 && nearest(hues[i], before) >= 40, `${hues}`);
    else if (farthest >= 40) assert.ok(nearest(hues[i], before) >= 40, `${hues}`);
    else crowded++, assert.equal(nearest(hues[i], before), farthest, `${hues}`);
  }
  assert.ok(crowded > 0, "twelve cannot all stand 40 degrees apart");

  const list = listBadges([
    source("docs.deno.com"),
    source("bbc.co.uk"),
    source("docs.deno.com"),
    source("bbc.co.uk", "Sport"),
  ]);
  assert.deepEqual(list[0], list[2], "one host, one badge");
  assert.equal(list[1].hue, list[3].hue, "one host, one colour, whatever its name");
  assert.deepEqual(
    list.map((badge) => badge.hue),
    ["docs.deno.com", "bbc.co.uk", "docs.deno.com", "bbc.co.uk"]
      .map((host) => siteBadge(host, "", "").hue),
    "hosts with letters of their own keep their own hues",
  );
});
