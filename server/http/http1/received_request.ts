/**
 * A request as the listener hands it to its handler: the head parsed and the content read whole,
 * within the limits, with no `Request` made for it. Under load a `Request` per request (its
 * header list, signal and URL, and a copy of the content) cost the server a quarter of its CPU
 * per call with no results (bench/README.md, findings 38 and 41); code that needs one makes it
 * with `toRequest()`. What the handler reads (`method`, `url`, `headers.get()`) means what it
 * means on a `Request`.
 * @module
 */

/** The header fields of a received request, read as `Headers` reads them. */
export class ReceivedFields {
  readonly #fields: readonly (readonly [string, string])[];

  /** `fields` as the listener parsed them: token names as sent, values without surrounding OWS. */
  constructor(fields: readonly (readonly [string, string])[]) {
    this.#fields = fields;
  }

  /**
   * The value of the field `name` (any case), the values of a repeated field joined with ", ",
   * or null, as `Headers.get()` answers.
   */
  get(name: string): string | null {
    const wanted = name.toLowerCase();
    let value: string | null = null;
    for (const [fieldName, fieldValue] of this.#fields) {
      if (fieldName.length !== wanted.length || fieldName.toLowerCase() !== wanted) continue;
      value = value === null ? fieldValue : `${value}, ${fieldValue}`;
    }
    return value;
  }

  /** The fields as received, in order. */
  entries(): (readonly [string, string])[] {
    return [...this.#fields];
  }
}

/** One request the listener received; see the module's notes. */
export class ReceivedRequest {
  /** The method, case as sent (the listener takes only the methods it serves). */
  readonly method: string;
  /** The absolute URL: the listening origin and the target's path and query. */
  readonly url: string;
  /** The header fields, `Host` set to an absolute-form target's authority. */
  readonly headers: ReceivedFields;
  /**
   * The content, whole; null for GET, HEAD and a request without one. Its memory is given back
   * once the answer is sent: a handler that keeps it longer keeps a copy.
   */
  readonly content: Uint8Array<ArrayBuffer> | null;

  /** A request of `method` to `url` with `fields` and `content`. */
  constructor(
    method: string,
    url: string,
    fields: readonly (readonly [string, string])[],
    content: Uint8Array<ArrayBuffer> | null,
  ) {
    this.method = method;
    this.url = url;
    this.headers = new ReceivedFields(fields);
    this.content = content;
  }

  /** The same request as a `Request`, with a copy of the content and `signal`, if given. */
  toRequest(signal?: AbortSignal): Request {
    return new Request(this.url, {
      method: this.method,
      headers: this.headers.entries() as [string, string][],
      body: this.content,
      signal,
    });
  }
}
