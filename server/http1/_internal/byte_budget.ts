/**
 * One budget for the bytes the listener holds for request heads and bodies, across all of its
 * connections: memory stays bounded however many clients send large requests at once.
 * @module
 */

/** A count of bytes taken from a fixed total and given back. */
export class ByteBudget {
  /** The most bytes that may be taken at once. */
  readonly limit: number;
  #used = 0;

  /** A budget of `limit` bytes. */
  constructor(limit: number) {
    this.limit = limit;
  }

  /** The bytes taken and not given back. */
  get used(): number {
    return this.#used;
  }

  /** Takes `bytes` if they fit in what is left; whether they did. */
  take(bytes: number): boolean {
    if (this.#used + bytes > this.limit) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back `bytes` taken before. */
  give(bytes: number): void {
    this.#used -= bytes;
  }
}
