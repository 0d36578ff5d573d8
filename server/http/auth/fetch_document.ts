/**
 * Fetches the authorization server's public JSON documents (metadata, JWKS) with a time limit.
 * @module
 */

/** How long one fetch of a metadata document or key set may take, in milliseconds. */
export const FETCH_TIMEOUT_MS = 5_000;

/** The authorization server's documents could not be fetched or used: the server answers 503. */
export class AuthorizationServerError extends Error {
  override name = "AuthorizationServerError";
}

/**
 * GETs `url` and parses its JSON body, giving up after `timeoutMs` (or when `signal`, which
 * stands for that time limit, aborts). Failures throw an {@linkcode AuthorizationServerError}
 * whose message names `label` and the cause (status, timeout, network), never a body.
 */
export async function fetchDocument(
  url: URL,
  label: string,
  timeoutMs: number = FETCH_TIMEOUT_MS,
  signal: AbortSignal = AbortSignal.timeout(timeoutMs),
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  } catch {
    throw new AuthorizationServerError(
      signal.aborted
        ? `${label} did not answer within ${timeoutMs} ms.`
        : `${label} could not be reached.`,
    );
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new AuthorizationServerError(`${label} answered HTTP ${response.status}, not 200.`);
  }
  try {
    return await response.json();
  } catch {
    throw new AuthorizationServerError(
      signal.aborted
        ? `${label} did not answer within ${timeoutMs} ms.`
        : `${label} is not valid JSON.`,
    );
  }
}
