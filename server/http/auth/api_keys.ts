/**
 * Static API keys for self-hosting, configured as SHA-256 hashes (`MCP_API_KEYS_SHA256`) and
 * compared in constant time.
 * @module
 */

const encoder = new TextEncoder();

/** The configured API keys. */
export class ApiKeys {
  readonly #hashes: Uint8Array[];
  readonly #ids: string[];

  /** `hashes` are the keys' SHA-256 digests as 64 lowercase hex digits. */
  constructor(hashes: string[]) {
    this.#hashes = hashes.map((hex) =>
      Uint8Array.from(hex.match(/../g)!, (byte) => parseInt(byte, 16))
    );
    this.#ids = hashes.map((hex) => `api-key:${hex.slice(0, 12)}`);
  }

  /**
   * The id of the key `token` is (`api-key:` and the first 12 hex digits of its hash), or
   * `undefined`. Every configured hash is compared, byte by byte, whatever the outcome.
   */
  async match(token: string): Promise<string | undefined> {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(token)));
    let found = -1;
    for (let index = 0; index < this.#hashes.length; index++) {
      const hash = this.#hashes[index];
      let difference = 0;
      for (let byte = 0; byte < hash.length; byte++) difference |= hash[byte] ^ digest[byte];
      if (difference === 0) found = index;
    }
    return found === -1 ? undefined : this.#ids[found];
  }
}
