/**
 * The view's markup: a status line, the heading with the list's tools, and one card per result.
 * Every string from the tool arguments or result is rendered as text.
 *
 * @module
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
// `h` and `Fragment` are what the compiled JSX calls (`compilerOptions` in `deno.json`).
// deno-lint-ignore verbatim-module-syntax
import { type ButtonHTMLAttributes, Component, createRef, Fragment, h } from "preact";
import { type Badge, listBadges } from "./badge.ts";
import { copyText } from "./clipboard.ts";
import { EXPORT_FORMATS, type ExportFormat, fileName } from "./export.ts";
import { filterResults } from "./filter.ts";
import type { Formats } from "./formats.ts";
import type { Localized } from "./i18n.ts";
import { markdownList } from "./markdown.ts";
import { markedContext } from "./model_context.ts";
import type { ReaderState } from "./reader_state.ts";
import { datedCount, newestFirst } from "./sort.ts";
import type { ResultItem, ViewState } from "./state.ts";
import { displayHost, linkHref } from "./url.ts";
import type { ViewHost } from "./view_host.ts";

/** Properties of {@link View}. */
export interface ViewProps {
  /** What to show. */
  state: ViewState;
  /** Formats numbers and dates for the host's locale and time zone. */
  formats: Formats;
  /** The view's words in the host's language. */
  words: Localized;
  /** The host context, which says whether the host offers full screen and shows the view so. */
  context: McpUiHostContext;
  /**
   * The host, which opens links, downloads files, switches display mode and is told which results
   * the user marked for the model.
   */
  host: ViewHost;
  /** What the reader chose for this list: the filter, the order, the marks, the whole list. */
  reader: ReaderState;
  /** Takes what the reader changed; the view shows it once it comes back as `reader`. */
  onReader(change: Partial<ReaderState>): void;
}

/**
 * How many cards a long list shows inline until the reader unfolds it; a list no longer than
 * this shows whole (`docs/decisions/compact_list.md`).
 */
const FOLDED_CARDS = 4;

const ICONS = {
  more: "M6 9l6 6 6-6",
  mark: "M6 3h12v18l-6-4-6 4z",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  expand: "M4 9V4h5m6 0h5v5m0 6v5h-5m-6 0H4v-5",
  shrink: "M9 4v5H4m11-5v5h5m0 6h-5v5m-6 0v-5H4",
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d={ICONS[name]} />
    </svg>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { icon: keyof typeof ICONS };

/** A button showing an icon, named as its class; its label is its accessible name and tooltip. */
function IconButton({ icon, label, ...props }: ButtonProps & { label: string }) {
  return (
    <button type="button" class={icon} aria-label={label} title={label} {...props}>
      <Icon name={icon} />
    </button>
  );
}

// Stable, so Preact calls it once, when the text area is created. The area is as tall as its
// text wrapped at its width (a long URL takes several lines), up to its maximum, then scrolls.
// Selecting scrolls the area to the selection's end; it is scrolled back to the text's start.
const selectAll = (area: HTMLTextAreaElement | null) => {
  if (!area) return;
  area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
  area.focus();
  area.select();
  area.scrollTop = 0;
};

/**
 * Text the view could not hand over: shown selected, to copy by hand. A copy the clipboard refused
 * needs no more words than how to copy; a link that did not open says so first.
 */
function CopyBox(
  { text, link, words, close }: {
    text: string;
    link?: boolean;
    words: Localized;
    close(): void;
  },
) {
  return (
    <div class="copybox">
      <label>
        {`${link ? `${words.t("linkBlocked")} ` : ""}${words.t("pressToCopy")}`}
        <textarea
          ref={selectAll}
          readOnly
          rows={1}
          dir="auto"
          value={text}
          onKeyDown={(event) => event.key === "Escape" && close()}
        />
      </label>
      <button type="button" onClick={close}>{words.t("done")}</button>
    </div>
  );
}

interface CardProps {
  item: ResultItem;
  badge: Badge;
  formats: Formats;
  words: Localized;
  /** Whether the list is final, which gives the card its copy button. */
  settled: boolean;
  /** Whether the card offers a mark (the list is final and the host takes marks). */
  markable: boolean;
  marked: boolean;
  /** The text this card shows to copy by hand, if any. */
  copyBox?: CopyBoxState;
  onOpenLink(event: MouseEvent, owner: number, href: string): void;
  onToggleMark(number: number): void;
  onCopyLink(number: number, href: string): void;
  onCloseCopyBox(): void;
}

/** One result: number, title, source line, snippet and the card's controls. */
class Card extends Component<CardProps, { open: boolean; over: boolean }> {
  override state = { open: false, over: false };
  root = createRef<HTMLLIElement>();
  // Whether a title or snippet overflows its lines changes with the card's size, so it is
  // measured when the card is resized (and first laid out): after layout, reading only.
  resizes = new ResizeObserver(() => this.measure());

  override componentDidMount(): void {
    this.resizes.observe(this.root.current!);
  }

  override componentWillUnmount(): void {
    this.resizes.disconnect();
  }

  /** Notes whether the clamped title or snippet hides any text. */
  measure(): void {
    const over = [...this.root.current!.querySelectorAll(".clamp")]
      .some((element) => element.scrollHeight > element.clientHeight + 1);
    if (!this.state.open && over !== this.state.over) this.setState({ over });
  }

  override render(
    { item, badge, formats, words, settled, markable, marked, copyBox, ...on }: CardProps,
  ) {
    const { open, over } = this.state;
    const href = linkHref(item.url);
    const label = item.title || item.url;
    const site = item.facts.site || displayHost(item.url);
    const date = item.facts.published && formats.date(item.facts.published);
    const clamp = open ? "" : " clamp";
    // A result's number is its citation, as the text list writes it: in the same digits.
    const citation = String(item.number);
    return (
      <li ref={this.root} class={marked ? "card marked" : "card"} tabIndex={href ? undefined : -1}>
        <span class="num">{item.number}</span>
        <div class="top">
          <h2 class={`title${clamp}`} dir="auto" title={over && !open ? label : undefined}>
            {href
              ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={(event) => on.onOpenLink(event, item.number, href)}
                >
                  {label}
                </a>
              )
              : label}
          </h2>
          <div class="actions">
            {(over || open) && (
              <IconButton
                icon="more"
                label={words.t(open ? "showLess" : "showMore")}
                aria-expanded={open}
                onClick={() => this.setState({ open: !open })}
              />
            )}
            {markable && (
              <IconButton
                icon="mark"
                label={words.t("mark", { number: citation })}
                aria-pressed={marked}
                onClick={() => on.onToggleMark(item.number)}
              />
            )}
            {settled && href && (
              <IconButton
                icon="copy"
                label={words.t("copyLink", { number: citation })}
                onClick={() => on.onCopyLink(item.number, href)}
              />
            )}
          </div>
        </div>
        <p class="meta">
          <span class="badge" style={`--hue:${badge.hue}`} aria-hidden="true">{badge.letter}</span>
          {
            /* Each fact's text keeps its own direction inside it (a URL reads left to right), while
              the fact itself, and the dot before it, follow the view's. */
          }
          {site && (
            <span class="site">
              <bdi dir="auto">{site}</bdi>
            </span>
          )}
          {date && <time class="date" dateTime={date.datetime}>{date.text}</time>}
          {item.facts.author && (
            <span class="author">
              <bdi dir="auto">{item.facts.author}</bdi>
            </span>
          )}
          {item.url && (
            <span class="url">
              <bdi dir="ltr">{item.url}</bdi>
            </span>
          )}
        </p>
        {item.text && <p class={`snippet${clamp}`} dir="auto">{item.text}</p>}
        {copyBox && <CopyBox {...copyBox} words={words} close={on.onCloseCopyBox} />}
      </li>
    );
  }
}

/** Text shown in a copy box: whose it is (a card's number, or the list's), and whether a link. */
interface CopyBoxState {
  owner: number | "list";
  text: string;
  link?: boolean;
}

interface ListState {
  /** The state these notices and copies belong to; a new one clears them. */
  source?: ViewState;
  /** Text the view could not hand over, shown to copy by hand. */
  copyBox?: CopyBoxState;
  /** What the last copy or download did. */
  notice: string;
  /** What to do instead of what the notice says failed, offered beside it. */
  fallback?: { label: string; run(): void };
}

/** The whole view for one state. */
export class View extends Component<ViewProps, ListState> {
  override state: ListState = { notice: "" };
  #noticeTimer: ReturnType<typeof setTimeout> | undefined;
  // The control whose copy the clipboard refused, to focus again once the copy box closes.
  #copyTrigger: HTMLElement | null = null;
  // Set when the reader unfolds the list, so the focus moves on once the cards are there.
  #unfolding = false;

  // Cards are kept from the preview to the result (which then costs less than drawing them
  // anew), but notices and copies belong to one list.
  static override getDerivedStateFromProps(
    props: ViewProps,
    list: ListState,
  ): Partial<ListState> | null {
    return props.state === list.source
      ? null
      : { source: props.state, copyBox: undefined, notice: "", fallback: undefined };
  }

  /** Copies `text`, or shows it selected in a copy box where the clipboard refuses it. */
  async copy(owner: number | "list", text: string, done: string): Promise<void> {
    this.#copyTrigger = document.activeElement as HTMLElement | null;
    if (!await copyText(text)) {
      // The box takes the place of any notice, whose offer it answers.
      return this.setState({
        copyBox: { owner, text },
        notice: "",
        fallback: undefined,
      });
    }
    this.notify(done);
  }

  /**
   * Shows `notice` for a few seconds; with a `fallback`, until the next notice, as the user may
   * want to take it.
   */
  notify(notice: string, fallback?: ListState["fallback"]): void {
    this.setState({ notice, fallback, copyBox: undefined });
    clearTimeout(this.#noticeTimer);
    if (!fallback) this.#noticeTimer = setTimeout(() => this.setState({ notice: "" }), 4000);
  }

  /**
   * Opens a title's link through the host where it opens links (else the browser follows it);
   * a link the host did not open is shown to copy.
   */
  openLink = (event: MouseEvent, owner: number, href: string): void => {
    const { host } = this.props;
    if (!host.canOpenLinks) return;
    event.preventDefault();
    this.#copyTrigger = event.currentTarget as HTMLElement | null;
    host.openLink(href).then((opened) => {
      if (!opened) this.setState({ copyBox: { owner, text: href, link: true } });
    });
  };

  copyLink = (number: number, href: string): void => {
    this.copy(number, href, this.props.words.t("linkCopied", { number: String(number) }));
  };

  /**
   * Writes `items` (the marked results when some are, else all) in `format`, and downloads the
   * file through the host, or copies the text where the host downloads nothing.
   */
  async export(format: ExportFormat, items: ResultItem[], heading: string): Promise<void> {
    const { host, words } = this.props;
    const text = format.write(items, new Date().toISOString().slice(0, 10));
    const copy = () => this.copy("list", text, words.t("copiedAs", { format: format.label }));
    if (!host.canDownload) return copy();
    const name = fileName(heading, format.extension);
    if (await host.downloadFile(name, format.mimeType, text)) {
      this.notify(words.t("downloaded", { name }));
    } else {this.notify(words.t("notDownloaded", { name }), {
        label: words.t("copyInstead"),
        run: copy,
      });}
  }

  closeCopyBox = (): void => {
    this.setState({ copyBox: undefined });
    this.#copyTrigger?.focus();
  };

  /** Marks or unmarks result `number` and tells the model the marked ones. */
  toggleMark = (number: number): void => {
    const { state, host, reader, onReader } = this.props;
    const marks = new Set(reader.marks);
    if (!marks.delete(number)) marks.add(number);
    onReader({ marks: [...marks].sort((a, b) => a - b) });
    if (state.phase !== "ready" || !host.modelContext) return;
    const marked = state.results.filter((item) => marks.has(item.number));
    host.updateModelContext(
      markedContext(state.title, state.results.length, marked, host.modelContext),
    );
  };

  /**
   * Shows every card or folds the list back to the first few. Unfolded, the focus moves to the
   * first card that was hidden, where reading goes on; folded, it stays on the control.
   */
  setExpanded(expanded: boolean): void {
    this.#unfolding = expanded;
    this.props.onReader({ expanded });
  }

  override componentDidUpdate(): void {
    if (!this.#unfolding || !this.props.reader.expanded) return;
    this.#unfolding = false;
    const card = document.querySelectorAll<HTMLElement>(".card")[FOLDED_CARDS];
    if (card) (card.querySelector<HTMLElement>(".title a") ?? card).focus();
  }

  override render({ state, formats, words, context, host, reader, onReader }: ViewProps) {
    const modes = context.availableDisplayModes;
    const fullscreen = context.displayMode === "fullscreen";
    const { copyBox, notice, fallback } = this.state;
    const { query, newest, expanded } = reader;
    const marks = new Set(reader.marks);
    const settled = state.phase === "ready";
    const results = settled || state.phase === "preparing" ? state.results : [];
    const count = results.length;
    const badges = new Map(listBadges(results).map((badge, index) => [results[index], badge]));
    const sortable = settled && datedCount(results) > 1;
    const shown = filterResults(newest && sortable ? newestFirst(results) : results, query);
    // Inline, a long list opens folded to its first cards; full screen has room for all.
    const folds = !fullscreen && shown.length > FOLDED_CARDS;
    const cards = folds && !expanded ? shown.slice(0, FOLDED_CARDS) : shown;
    // Marks count only where they name a result: kept ones may come from anything on the origin.
    const marked = results.filter((item) => marks.has(item.number));
    const chosen = marked.length ? marked : results;
    return (
      <>
        {/* A result shown as its text, where no list could be read from it, is ready too. */}
        <p role="status" class={`status ${state.phase}`}>
          {words.t(state.phase === "text" ? "ready" : state.phase)}
        </p>
        {(state.phase === "error" || state.phase === "text") && state.detail && (
          <pre class="detail">{state.detail}</pre>
        )}
        {state.phase === "cancelled" && state.reason && <pre class="detail">{state.reason}</pre>}
        {/* The heading and the list's tools stay in view where the frame scrolls. */}
        <div class="bar">
          {(settled || state.phase === "preparing" && state.title) && (
            <header class="head">
              <h1 dir="auto">{state.title}</h1>
              {settled && (
                <span class="count" aria-live="polite">
                  {count
                    ? words.t(query ? "countOf" : "count", { shown: shown.length, count })
                    : ""}
                  {marked.length ? ` · ${words.t("marked", { count: marked.length })}` : ""}
                </span>
              )}
              <div class="tools">
                {sortable && (
                  <button
                    type="button"
                    aria-pressed={newest}
                    onClick={() => onReader({ newest: !newest })}
                  >
                    {words.t("newestFirst")}
                  </button>
                )}
                {settled && count > 0 && (
                  <button
                    type="button"
                    onClick={() =>
                      this.copy(
                        "list",
                        markdownList(results),
                        words.t("copiedAs", { format: "Markdown" }),
                      )}
                  >
                    <Icon name="copy" />
                    {words.t("copyList")}
                  </button>
                )}
                {Array.isArray(modes) && modes.includes("fullscreen") && (
                  <button
                    type="button"
                    onClick={() => host.requestDisplayMode(fullscreen ? "inline" : "fullscreen")}
                  >
                    <Icon name={fullscreen ? "shrink" : "expand"} />
                    {words.t(fullscreen ? "exitFullScreen" : "fullScreen")}
                  </button>
                )}
              </div>
            </header>
          )}
          {settled && count > 0 && (
            <p class="find">
              {count > 6 && (
                <span class="filter">
                  <input
                    type="search"
                    aria-label={words.t("filter")}
                    placeholder={words.t("filter")}
                    value={query}
                    onInput={(event) => onReader({ query: event.currentTarget.value })}
                    onKeyDown={(event) => {
                      if (event.key !== "Escape" || !query) return;
                      event.preventDefault();
                      onReader({ query: "" });
                    }}
                  />
                  {/* Unseen, in the field's place: it makes the field as wide as its placeholder. */}
                  <span aria-hidden="true">{words.t("filter")}</span>
                </span>
              )}
              {/* Named by its own first words, which say what its buttons do. */}
              <span class="formats" role="group" aria-labelledby="export">
                <span id="export">
                  {words.t(
                    host.canDownload
                      ? marked.length ? "downloadMarked" : "downloadAll"
                      : marked.length
                      ? "copyMarked"
                      : "copyAll",
                  )}
                </span>
                {EXPORT_FORMATS.map((format) => (
                  <button
                    key={format.label}
                    type="button"
                    onClick={() => this.export(format, chosen, state.title)}
                  >
                    {format.label}
                  </button>
                ))}
              </span>
              {/* On a line of its own where the line is full: it never squeezes the controls. */}
              <span class="notice" aria-live="polite">
                {notice}
                {fallback && (
                  <button type="button" onClick={fallback.run}>
                    {fallback.label}
                  </button>
                )}
              </span>
            </p>
          )}
        </div>
        {copyBox?.owner === "list" && (
          <CopyBox {...copyBox} words={words} close={this.closeCopyBox} />
        )}
        {settled && !count && <p class="empty">{words.t("empty")}</p>}
        {count > 0 && !shown.length && <p class="empty">{words.t("noMatch")}</p>}
        {shown.length > 0 && (
          <ol class="cards" id="cards" role="list">
            {cards.map((item) => (
              <Card
                key={`${item.number}:${item.url}`}
                item={item}
                badge={badges.get(item)!}
                formats={formats}
                words={words}
                settled={settled}
                markable={settled && !!host.modelContext}
                marked={marks.has(item.number)}
                copyBox={copyBox?.owner === item.number ? copyBox : undefined}
                onOpenLink={this.openLink}
                onToggleMark={this.toggleMark}
                onCopyLink={this.copyLink}
                onCloseCopyBox={this.closeCopyBox}
              />
            ))}
          </ol>
        )}
        {folds && (
          <button
            type="button"
            class="fold"
            aria-expanded={expanded}
            aria-controls="cards"
            onClick={() => this.setExpanded(!expanded)}
          >
            <Icon name="more" />
            {expanded
              ? words.t("showFirst", { count: FOLDED_CARDS })
              : words.t("showAll", { count: shown.length })}
          </button>
        )}
      </>
    );
  }
}
