/**
 * How soon the view paints 50 cards after the host sends the tool result: the built view in
 * headless Chromium under the real `AppBridge` (the browser tests' host), the benchmark's main
 * workload (50 results with ~400-character snippets and metadata), a fresh view per run.
 *
 * A run is timed from just before `ui/notifications/tool-result` is sent to the first frame
 * rendered after all 50 cards are in the document (`requestAnimationFrame`, then a task).
 *
 * Usage: `deno task build && deno run --config deno.dev.json -A bench/view_paint.ts [--runs N]`
 * (default 15 runs after 2 warm-up runs); prints one line per run on stderr and the summary on
 * stdout.
 * @module
 */

import { BrowserHost } from "../tests/support/browser_host.ts";
import { median } from "./stats.ts";
import { makeResults } from "./workloads.ts";

/** Paint times of the view, in milliseconds. */
export interface ViewPaint {
  /** Every timed run, in order. */
  runs: number[];
  /** The median run. */
  median: number;
  /** The fastest run. */
  min: number;
  /** The slowest run. */
  max: number;
}

const CARDS = 50;
const WARMUP = 2;

/** A successful `render_results` result as the server builds it, text list aside. */
function toolResult(results: unknown[]) {
  return {
    isError: false,
    content: [{ type: "text" as const, text: "Sources" }],
    structuredContent: {
      title: "Sources",
      total: results.length,
      results: results.map((result) => {
        const item = result as { url: string; id?: string };
        return { ...item, id: item.id ?? item.url };
      }),
    },
  };
}

/** Times `runs` paints of 50 cards after `ui/notifications/tool-result`. */
export async function measureViewPaint(
  runs = 15,
  log: (line: string) => void = () => {},
): Promise<ViewPaint> {
  const results = makeResults(CARDS, 400);
  const host = await BrowserHost.start();
  const times: number[] = [];
  try {
    for (let run = 0; run < WARMUP + runs; run++) {
      const view = await host.open({
        capabilities: { openLinks: {}, updateModelContext: { text: {} } },
        context: { theme: "light", locale: "en-US", timeZone: "UTC" },
        width: 720,
      });
      await view.call("toolInput", { title: "Sources", results });
      await view.view.evaluate((count) => {
        (globalThis as { painted?: Promise<number> }).painted = new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            // The count shows once the result has settled the list the arguments previewed.
            const cards = document.querySelectorAll(".card").length;
            if (!document.querySelector(".count") || cards < count) return;
            observer.disconnect();
            requestAnimationFrame(() =>
              setTimeout(() => resolve(performance.timeOrigin + performance.now()))
            );
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
      }, CARDS);
      const sent = await view.call("toolResult", toolResult(results));
      const painted = await view.view.evaluate(() =>
        (globalThis as { painted?: Promise<number> }).painted!
      );
      if (view.errors.length) throw new Error(`The view logged errors: ${view.errors.join("; ")}`);
      await view.close();
      const elapsed = painted - sent;
      if (run < WARMUP) continue;
      times.push(elapsed);
      log(`run ${times.length}: ${elapsed.toFixed(1)} ms`);
    }
  } finally {
    await host.close();
  }
  return { runs: times, median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

if (import.meta.main) {
  const flag = Deno.args.indexOf("--runs");
  const runs = flag >= 0 ? Number(Deno.args[flag + 1]) : 15;
  if (!Number.isInteger(runs) || runs < 1) {
    console.error("--runs must be a whole number of at least 1.");
    Deno.exit(2);
  }
  const paint = await measureViewPaint(runs, (line) => console.error(line));
  console.log(
    `view paint, ${CARDS} cards after tool-result: median ${paint.median.toFixed(1)} ms ` +
      `(min ${paint.min.toFixed(1)}, max ${paint.max.toFixed(1)}, ${runs} runs)`,
  );
}
