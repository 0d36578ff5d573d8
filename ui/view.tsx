/**
 * The view's markup: a status line, the heading and one card per result. Every string from the
 * tool result is rendered as text.
 *
 * @module
 */
import { Component, createRef } from "preact";
import type { ResultItem, ViewState } from "./state.ts";
import { displayHost, linkHref } from "./url.ts";

/** Properties of {@link View}. */
export interface ViewProps {
  /** What to show. */
  state: ViewState;
  /** Formats numbers for the host's locale. */
  numbers: Intl.NumberFormat;
  /** Opens `url` through the host; returns false when the host cannot, so the link opens itself. */
  openLink(url: string): boolean;
}

const STATUS: Record<ViewState["phase"], string> = {
  waiting: "",
  preparing: "Preparing results…",
  ready: "Results ready",
  error: "The results could not be shown.",
  cancelled: "Cancelled: no results to show.",
};

/** A number format for `locale`, or for the browser's locale when `locale` is not valid. */
export function numberFormat(locale: unknown): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(typeof locale === "string" ? locale : undefined);
  } catch {
    return new Intl.NumberFormat();
  }
}

interface SnippetProps {
  id: string;
  text: string;
}

const snippets = new WeakMap<Element, Snippet>();

// Whether a snippet overflows its lines changes with its width: measure after each layout.
const resizes = new ResizeObserver((entries) => {
  for (const { target } of entries) snippets.get(target)?.measure(target);
});

/** A snippet clamped to a few lines, with a button to expand it when it overflows. */
class Snippet extends Component<SnippetProps, { expanded: boolean; clamped: boolean }> {
  override state = { expanded: false, clamped: false };
  paragraph = createRef<HTMLParagraphElement>();

  override componentDidMount(): void {
    const element = this.paragraph.current!;
    snippets.set(element, this);
    resizes.observe(element);
  }

  override componentWillUnmount(): void {
    resizes.unobserve(this.paragraph.current!);
  }

  measure(element: Element): void {
    const clamped = element.scrollHeight > element.clientHeight + 1;
    if (!this.state.expanded && clamped !== this.state.clamped) this.setState({ clamped });
  }

  override render({ id, text }: SnippetProps) {
    const { expanded, clamped } = this.state;
    return (
      <>
        <p id={id} ref={this.paragraph} class={expanded ? "snippet" : "snippet clamp"} dir="auto">
          {text}
        </p>
        {(clamped || expanded) && (
          <button
            type="button"
            class="more"
            aria-controls={id}
            aria-expanded={expanded}
            onClick={() => this.setState({ expanded: !expanded })}
          >
            {expanded ? "Show less" : "Show more"}
          </button>
        )}
      </>
    );
  }
}

function Card(
  { item, index, openLink }: { item: ResultItem; index: number; openLink(url: string): boolean },
) {
  const href = linkHref(item.url);
  const label = item.title || item.url;
  const host = displayHost(item.url);
  return (
    <li class="card">
      <h2 class="title" dir="auto">
        {href
          ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => openLink(href) && event.preventDefault()}
            >
              {label}
            </a>
          )
          : label}
      </h2>
      <p class="meta">
        {host && <span class="host">{host}</span>}
        <span class="url">{item.url}</span>
      </p>
      {item.text && <Snippet key={item.text} id={`snippet-${index}`} text={item.text} />}
    </li>
  );
}

/** The whole view for one state. */
export function View({ state, numbers, openLink }: ViewProps) {
  return (
    <>
      <p role="status" class={`status ${state.phase}`}>{STATUS[state.phase]}</p>
      {state.phase === "error" && state.detail && <pre class="detail">{state.detail}</pre>}
      {state.phase === "ready" && (
        <>
          <h1 dir="auto">{state.title}</h1>
          {state.results.length
            ? (
              <>
                <p class="count">
                  {numbers.format(state.results.length)}{" "}
                  {state.results.length === 1 ? "result" : "results"}
                </p>
                <ol class="cards" role="list">
                  {state.results.map((item, index) => (
                    <Card
                      key={`${index}:${item.id}`}
                      item={item}
                      index={index}
                      openLink={openLink}
                    />
                  ))}
                </ol>
              </>
            )
            : <p class="empty">No results to display.</p>}
        </>
      )}
    </>
  );
}
