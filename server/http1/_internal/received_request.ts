/**
 * The `Request` the listener hands its handler, built lazily as Hono's Node adapter builds its
 * own: `method`, `url` and reading the headers use what the listener parsed, and anything else
 * (the body, `signal`, `clone()`, a change to the headers) builds a real `Request` first, once,
 * with a copy of the content. Most handlers need only a few headers and the body, which
 * {@linkcode receivedBody} gives without a copy, while a real `Request` for every request (a
 * header list, a signal, a parsed URL and a copy of the content) would be most of what the
 * listener costs a small call (docs/decisions/own_http1_listener.md).
 * @module
 */

/** Header fields as the listener parsed them: token names as sent, values without OWS. */
type Fields = readonly (readonly [string, string])[];

/** The real `Request` behind a received one, built on first use. */
let realRequest: (request: ReceivedRequest) => Request;
/** The real `Request` behind a received one, if it was built. */
let builtRequest: (request: ReceivedRequest) => Request | undefined;
/** The content of a received request. */
let contentOf: (request: Request) => Uint8Array<ArrayBuffer> | null | undefined;

/** One request the listener received; see the module's notes. */
export class ReceivedRequest implements Request {
  /** The method, case as sent (the listener takes only the methods it serves). */
  readonly method: string;
  /** The absolute URL: the listening origin and the target's path and query. */
  readonly url: string;
  /** The header fields, `Host` set to an absolute-form target's authority. */
  readonly headers: Headers;
  readonly #content: Uint8Array<ArrayBuffer> | null;
  readonly #fields: Fields;
  #request?: Request;

  static {
    realRequest = (request) => request.#real();
    builtRequest = (request) => request.#request;
    contentOf = (request) => #content in request ? request.#content : undefined;
  }

  /**
   * A request of `method` to `url` with `fields` and `content` (null for GET, HEAD and a request
   * without one).
   */
  constructor(
    method: string,
    url: string,
    fields: Fields,
    content: Uint8Array<ArrayBuffer> | null,
  ) {
    this.method = method;
    this.url = url;
    this.#fields = fields;
    this.#content = content;
    this.headers = new ReceivedHeaders(fields, this);
  }

  /** The real `Request`, made with a copy of the content the first time it is needed. */
  #real(): Request {
    return this.#request ??= new Request(this.url, {
      method: this.method,
      headers: this.#fields as [string, string][],
      body: this.#content,
    });
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#real().body;
  }
  get bodyUsed(): boolean {
    return this.#real().bodyUsed;
  }
  get cache(): RequestCache {
    return this.#real().cache;
  }
  get credentials(): RequestCredentials {
    return this.#real().credentials;
  }
  get destination(): RequestDestination {
    return this.#real().destination;
  }
  get integrity(): string {
    return this.#real().integrity;
  }
  get isHistoryNavigation(): boolean {
    return this.#real().isHistoryNavigation;
  }
  get isReloadNavigation(): boolean {
    return this.#real().isReloadNavigation;
  }
  get keepalive(): boolean {
    return this.#real().keepalive;
  }
  get mode(): RequestMode {
    return this.#real().mode;
  }
  get redirect(): RequestRedirect {
    return this.#real().redirect;
  }
  get referrer(): string {
    return this.#real().referrer;
  }
  get referrerPolicy(): ReferrerPolicy {
    return this.#real().referrerPolicy;
  }
  get signal(): AbortSignal {
    return this.#real().signal;
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#real().arrayBuffer();
  }
  blob(): Promise<Blob> {
    return this.#real().blob();
  }
  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#real().bytes();
  }
  clone(): Request {
    return this.#real().clone();
  }
  formData(): Promise<FormData> {
    return this.#real().formData();
  }
  json(): Promise<unknown> {
    return this.#real().json();
  }
  text(): Promise<string> {
    return this.#real().text();
  }
  textStream(): ReadableStream<string> {
    return this.#real().textStream();
  }
}

/**
 * The header fields of a received request. Until the real request is built, `get()` reads the
 * parsed fields as `Headers.get()` reads a header list, and `has()` and iterating read a `Headers`
 * made from them (an iteration sees the fields as they were when it began); a change builds the
 * real request, and from then on every method is its headers'.
 */
class ReceivedHeaders implements Headers {
  readonly #fields: Fields;
  readonly #request: ReceivedRequest;
  #parsed?: Headers;

  constructor(fields: Fields, request: ReceivedRequest) {
    this.#fields = fields;
    this.#request = request;
  }

  #real(): Headers {
    return realRequest(this.#request).headers;
  }

  /** The headers to read: the real request's once built, else ones made from the fields, once. */
  #read(): Headers {
    return builtRequest(this.#request)?.headers ??
      (this.#parsed ??= new Headers(this.#fields as [string, string][]));
  }

  /**
   * The value of the field `name` (any case), the values of a repeated field joined with ", ",
   * or null.
   */
  get(name: string): string | null {
    const built = builtRequest(this.#request);
    if (built !== undefined) return built.headers.get(name);
    const wanted = name.toLowerCase();
    let value: string | null = null;
    for (const [fieldName, fieldValue] of this.#fields) {
      if (fieldName.length !== wanted.length || fieldName.toLowerCase() !== wanted) continue;
      value = value === null ? fieldValue : `${value}, ${fieldValue}`;
    }
    return value;
  }

  append(name: string, value: string): void {
    this.#real().append(name, value);
  }
  delete(name: string): void {
    this.#real().delete(name);
  }
  getSetCookie(): string[] {
    return this.#read().getSetCookie();
  }
  has(name: string): boolean {
    return this.#read().has(name);
  }
  set(name: string, value: string): void {
    this.#real().set(name, value);
  }
  forEach(
    callback: (value: string, key: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    this.#read().forEach((value, key) => callback.call(thisArg, value, key, this));
  }
  entries(): HeadersIterator<[string, string]> {
    return this.#read().entries();
  }
  keys(): HeadersIterator<string> {
    return this.#read().keys();
  }
  values(): HeadersIterator<string> {
    return this.#read().values();
  }
  [Symbol.iterator](): HeadersIterator<[string, string]> {
    return this.#read()[Symbol.iterator]();
  }
}

// Both are what they stand for to `instanceof`, and to the runtime's inspection.
Object.setPrototypeOf(ReceivedRequest.prototype, Request.prototype);
Object.setPrototypeOf(ReceivedHeaders.prototype, Headers.prototype);

/**
 * The content of `request` when the listener received it, read whole within its limit, without
 * a copy or a stream (an empty array when it had none); undefined for any other `Request`, whose
 * body is read as usual. The body is not used up. The content's memory is given back once the
 * answer is sent: a handler that keeps it longer keeps a copy.
 */
export function receivedBody(request: Request): Uint8Array<ArrayBuffer> | undefined {
  const content = contentOf(request);
  return content === null ? new Uint8Array(0) : content;
}
