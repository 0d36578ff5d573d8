/**
 * Writes screenshots of the built view to `docs/`: light and dark, 3 and 50 results, 392 and
 * 720 px wide, each on a host page of its theme's colour, under the test host of
 * `tests/support/browser_host.ts` (which offers links, model context and downloads, and shows the
 * view inline). In the 3-result shots (at twice the pixel density) one snippet is expanded, one
 * result is marked and the keyboard focus is on a card; the 50-result shots show the list folded,
 * as it opens inline, and unfolded; the filter shots show the 50 filtered by a word and sorted
 * newest first; three more show a host in Arabic (right to left, one of them folded) and in
 * Japanese, with sources in those languages and in English. Not part of the tests.
 *
 * Usage: `deno task screenshots`. Where `pngquant` is installed, it shrinks each file to a third
 * or so; without it the files are larger, not worse.
 *
 * @module
 */
import { BrowserHost, type ViewPage } from "../tests/support/browser_host.ts";

/** A source as the screenshots pass it to render_results. */
interface Source {
  title: string;
  url: string;
  text: string;
  metadata: Record<string, string>;
}

const FEW: Source[] = [
  {
    title: "Security and permissions",
    url: "https://docs.deno.com/runtime/fundamentals/security/",
    text: "Deno is secure by default. Unless you specifically enable it, a program run with " +
      "Deno has no access to sensitive APIs, such as file system access, network " +
      "connectivity, or environment access. You must explicitly grant access to these " +
      "resources with command line flags or with a runtime permission prompt.",
    metadata: { siteName: "Deno Docs", publishedAt: "2026-01-26T09:00:00Z" },
  },
  {
    title: "MCP Apps: interactive user interfaces for MCP",
    url: "https://modelcontextprotocol.io/extensions/apps/overview",
    text: "MCP Apps let a server ship an interactive view with a tool. The host renders the " +
      "view in a sandboxed iframe and talks to it over postMessage with JSON-RPC: the view " +
      "receives the tool input and result, follows the host's theme and asks the host to " +
      "open links.",
    metadata: { published: "2026-01-26", author: "MCP Apps working group" },
  },
  {
    title: "Content Security Policy (CSP)",
    url: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/CSP",
    text: "A feature that helps to prevent or minimize the risk of certain types of security " +
      "threats.",
    metadata: { site_name: "MDN Web Docs", date: "2025-11-03" },
  },
];

/** Sources an Arabic reader might be shown: Arabic titles, and an English one among them. */
const ARABIC: Source[] = [
  {
    title: "أمن المعلومات",
    url:
      "https://ar.wikipedia.org/wiki/%D8%A3%D9%85%D9%86_%D8%A7%D9%84%D9%85%D8%B9%D9%84%D9%88%D9%85%D8%A7%D8%AA",
    text: "أمن المعلومات هو علم مختص بتأمين المعلومات المتداولة عبر الشبكات من التهديدات " +
      "التي تطالها، ومن الطرق المستخدمة لحمايتها التشفير وسياسات الوصول والمراجعة الدورية " +
      "للأنظمة والبرامج المستخدمة في تداولها وحفظها.",
    metadata: { siteName: "ويكيبيديا", published: "2026-03-14" },
  },
  {
    title: "Content Security Policy (CSP)",
    url: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/CSP",
    text: "A feature that helps to prevent or minimize the risk of certain types of security " +
      "threats.",
    metadata: { site_name: "MDN Web Docs", date: "2025-11-03" },
  },
  {
    title: "كيف تعرض التطبيقات نتائج البحث داخل المحادثة",
    url: "https://example.com/ar/articles/search-results-in-chat",
    text: "تعرض الواجهة المصادر في قائمة مرقّمة، ويمكن للقارئ تصفيتها وترتيبها ونسخ روابطها.",
    metadata: { author: "سارة الخطيب", published: "2026-09-30" },
  },
];

/** Sources a Japanese reader might be shown: Japanese titles, and an English one among them. */
const JAPANESE: Source[] = [
  {
    title: "コンテンツセキュリティポリシー (CSP)",
    url: "https://developer.mozilla.org/ja/docs/Web/HTTP/Guides/CSP",
    text: "コンテンツセキュリティポリシー (CSP) は、クロスサイトスクリプティングやデータインジェ" +
      "クション攻撃などの特定の種類の攻撃を検出し、影響を軽減するために追加できるセキュリティ" +
      "レイヤーです。これらの攻撃は、データの窃取からサイトの改ざん、マルウェアの配布に至るまで、" +
      "あらゆる目的に使用されます。CSP はサーバーが応答ヘッダーで宣言し、ブラウザーが従います。",
    metadata: { siteName: "MDN Web Docs", date: "2025-11-03" },
  },
  {
    title: "MCP Apps: interactive user interfaces for MCP",
    url: "https://modelcontextprotocol.io/extensions/apps/overview",
    text: "MCP Apps let a server ship an interactive view with a tool.",
    metadata: { published: "2026-01-26", author: "MCP Apps working group" },
  },
  {
    title: "検索結果をカードで表示する：会話の中の情報源",
    url: "https://example.jp/articles/source-cards",
    text: "番号付きのカードに出典を並べ、読者が絞り込み、並べ替え、リンクをコピーできるように" +
      "します。",
    metadata: { author: "山田 花子", publishedAt: "2026-10-01T09:00:00Z" },
  },
];

const SITES = [
  ["docs.deno.com", "Deno Docs"],
  ["developer.mozilla.org", "MDN Web Docs"],
  ["modelcontextprotocol.io", "Model Context Protocol"],
  ["preactjs.com", "Preact"],
  ["web.dev", "web.dev"],
  ["www.w3.org", "W3C"],
  ["github.com", "GitHub"],
];

const TOPICS = [
  "Streamable HTTP transport: one endpoint for every request",
  "Stateless servers behind a load balancer",
  "Caching views by content hash so hosts never show a stale copy",
  "Content Security Policy for sandboxed iframes",
  "Designing dense, readable lists of search results",
  "Keyboard navigation patterns for lists of links",
  "Theming embedded apps with the host's CSS variables",
];

const PROSE = "A server answers each POST on one endpoint and needs no session id, so any " +
  "number of instances can serve one client. The view follows the host's theme, fonts and " +
  "container size, and asks the host to open links. Every source string is rendered as text, " +
  "and only http(s) URLs become links; nothing is fetched, so the default policy holds.";

/** 50 results with snippets of 400 characters or more, on seven sites. */
function many(): Source[] {
  return Array.from({ length: 50 }, (_, i) => {
    const [host, siteName] = SITES[i % SITES.length];
    return {
      title: `${TOPICS[i % TOPICS.length]}${i >= TOPICS.length ? ` (part ${i + 1})` : ""}`,
      url: `https://${host}/articles/${i + 1}`,
      text: `${PROSE.slice(i % 40)} ${PROSE.slice(0, 130 + (i % 40))}`,
      metadata: { siteName, publishedAt: `2026-0${1 + (i % 9)}-1${i % 10}T10:00:00Z` },
    };
  });
}

const BACKGROUND = { light: "#ffffff", dark: "#212121" };

/** Shrinks the PNG at `path` with `pngquant` where it is installed; keeps it as it is otherwise. */
async function shrink(path: string): Promise<void> {
  try {
    await new Deno.Command("pngquant", {
      args: ["--quality=70-95", "--speed=1", "--skip-if-larger", "--force", "--ext=.png", path],
      stderr: "null",
    }).output();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
}

type Theme = "light" | "dark";

/** Shows `results` in a host of `theme` at `width`, lets `act` set the scene, and saves it. */
async function shoot(
  host: BrowserHost,
  name: string,
  theme: Theme,
  width: number,
  results: Source[],
  act: (view: ViewPage) => Promise<void> = async () => {},
  { locale, title }: { locale: string; title: string } = {
    locale: "en-US",
    title: results === FEW ? "Building MCP Apps" : "Sources on MCP servers",
  },
): Promise<void> {
  const view = await host.open({
    capabilities: { openLinks: {}, downloadFile: {}, updateModelContext: { text: {} } },
    context: {
      theme,
      locale,
      timeZone: "UTC",
      availableDisplayModes: ["inline", "fullscreen"],
    },
    width,
  });
  // Like the ext-apps basic-host, the page follows the browser's colour scheme.
  await view.page.emulateMedia({ colorScheme: theme });
  await view.page.evaluate((background) => {
    document.documentElement.style.colorScheme = "light dark";
    document.body.style.background = background;
  }, BACKGROUND[theme]);
  await view.call("toolInput", { results, title });
  await view.call("toolResult", {
    content: [{ type: "text", text: title }],
    structuredContent: {
      title,
      total: results.length,
      results: results.map((result) => ({ id: result.url, ...result })),
    },
  });
  await view.view.locator(".count").waitFor();
  await view.view.locator(".card").first().locator(".more").waitFor();
  await act(view);
  await view.page.waitForFunction(
    () => document.querySelector("iframe")!.getBoundingClientRect().height > 100,
  );
  await view.page.waitForTimeout(300);
  // A frame paints only what the window shows: make the window as tall as the frame.
  const height = await view.page.evaluate(() =>
    Math.ceil(document.querySelector("iframe")!.getBoundingClientRect().height)
  );
  await view.page.setViewportSize({ width: 1280, height: Math.max(height, 720) });
  await view.page.waitForTimeout(300);
  const path = new URL(`../docs/${name}`, import.meta.url).pathname;
  await view.page.locator("iframe").screenshot({ path });
  await shrink(path);
  if (view.errors.length) throw new Error(view.errors.join("\n"));
  console.error(`docs/${name}`);
}

/** Unfolds the list, as a reader does with the control under the first cards. */
async function unfold(view: ViewPage): Promise<void> {
  await view.view.locator("button.fold").click();
  await view.view.locator(".card").nth(49).waitFor();
}

const sharp = await BrowserHost.start(2);
const plain = await BrowserHost.start(1);
try {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [392, 720]) {
      await shoot(sharp, `view-${theme}-3-${width}.png`, theme, width, FEW, async (view) => {
        const cards = view.view.locator(".card");
        await cards.nth(0).locator(".more").click();
        await cards.nth(1).locator(".mark").click();
        await view.page.keyboard.press("j");
      });
      await shoot(plain, `view-${theme}-folded-${width}.png`, theme, width, many());
      await shoot(plain, `view-${theme}-50-${width}.png`, theme, width, many(), unfold);
    }
  }
  for (const [theme, width] of [["light", 720], ["dark", 392]] as const) {
    await shoot(sharp, `view-${theme}-filter-${width}.png`, theme, width, many(), async (view) => {
      await view.view.getByRole("searchbox").fill("stateless");
      await view.view.getByRole("button", { name: "Newest first" }).click();
      await view.view.waitForFunction(() => document.querySelectorAll(".card").length < 50);
    });
  }
  const expandAndMark = async (view: ViewPage) => {
    const cards = view.view.locator(".card");
    await cards.nth(0).locator(".more").click();
    await cards.nth(2).locator(".mark").click();
  };
  await shoot(sharp, "view-ar-light-392.png", "light", 392, ARABIC, expandAndMark, {
    locale: "ar",
    title: "مصادر عن أمن الويب",
  });
  await shoot(sharp, "view-ar-folded-dark-720.png", "dark", 720, many(), undefined, {
    locale: "ar",
    title: "مصادر عن خوادم MCP",
  });
  await shoot(sharp, "view-ja-dark-720.png", "dark", 720, JAPANESE, expandAndMark, {
    locale: "ja-JP",
    title: "ウェブセキュリティの情報源",
  });
} finally {
  await Promise.all([sharp.close(), plain.close()]);
}
