/**
 * The domains a host may be told to mount the view at, and their check. Apart from the view
 * itself, so that what reads them from configuration does not carry the view's HTML.
 * @module
 */

/**
 * Where hosts mount the view, when a host needs to be told: `viewDomain` is the MCP Apps
 * `_meta.ui.domain`, `openaiWidgetDomain` ChatGPT's `openai/widgetDomain`. Each host has its own
 * format (docs/hosts.md), and a wrong value makes a host refuse the view where an absent one does
 * not, so neither is ever derived from anything else.
 */
export interface ViewDomains {
  /** `_meta.ui.domain`: a host name in the form the host documents. */
  viewDomain?: string;
  /** `_meta["openai/widgetDomain"]`: an https origin. */
  openaiWidgetDomain?: string;
}

/**
 * Checks `domains` and returns them; throws a `TypeError` naming the setting when the view
 * domain is not a host name or the widget domain not an https origin.
 */
export function checkViewDomains(domains: ViewDomains): ViewDomains {
  const { viewDomain, openaiWidgetDomain } = domains;
  // A host name is what an https URL's host is, alone: no scheme, port, path or spaces.
  if (viewDomain !== undefined && URL.parse(`https://${viewDomain}/`)?.hostname !== viewDomain) {
    throw new TypeError(
      "The view domain must be a host name in lower case, such as abc.example.com.",
    );
  }
  if (openaiWidgetDomain !== undefined) {
    const url = URL.parse(openaiWidgetDomain);
    if (url?.protocol !== "https:" || url.origin !== openaiWidgetDomain) {
      throw new TypeError(
        "The OpenAI widget domain must be an https origin, such as https://app.example.com.",
      );
    }
  }
  return domains;
}
