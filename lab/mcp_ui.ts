/**
 * The view in a page on `@mcp-ui/client` 7.1.1's `AppRenderer` (the renderer several hosts
 * embed), built as its README shows, with a sandbox proxy like ext-apps' basic-host's: the same
 * page the end-to-end test uses (`../tests/support/mcp_ui_host.ts`), here pointed at a running server.
 * Shows 3 and then 50 sources and walks the view (see `lab.ts`); with `--locale`, in a host that
 * gives the view that locale (`hostContext.locale`), the screenshots named after it.
 *
 * Run: `deno run --config deno.dev.json -A lab/mcp_ui.ts --server URL --out DIR
 * [--locale ar]`.
 *
 * @module
 */
import { McpUiHost } from "../tests/support/mcp_ui_host.ts";
import { labOptions, Report, sources, walk } from "./lab.ts";

const { server, out, extra: { locale } } = labOptions(["locale"]);
const report = new Report(locale ? `mcp-ui-${locale}` : "mcp-ui", out);
const host = await McpUiHost.start((request) => fetch(new Request(server, request)), 1000);
report.errors = host.errors;
try {
  for (const count of [3, 50]) {
    const view = await host.show("render_results", sources(count), "light", locale);
    await walk(
      host.page,
      view,
      report,
      {
        setTheme: (theme) => host.setTheme(theme),
        frameSelector: "#container iframe",
        containerSelector: "#container",
        panelSelector: "body",
      },
      String(count),
      locale,
    );
    report.saw(`${count}-sizes`, JSON.stringify(await host.reportedSizes()));
  }
} finally {
  await report.write();
  await host.close();
}
