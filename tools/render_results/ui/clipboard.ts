/**
 * Writing text to the clipboard from a frame that may not be allowed to.
 *
 * @module
 */

interface PolicyDocument {
  /** Chromium's view of the frame's permissions policy. */
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/**
 * Writes `text` to the clipboard; resolves false when the frame may not. The permissions policy
 * is asked first where the browser exposes it, because Chromium logs a console error for a write
 * the policy blocks even when the rejection is handled.
 */
export async function copyText(text: string): Promise<boolean> {
  const policy = (document as PolicyDocument).featurePolicy;
  if (!navigator.clipboard || policy?.allowsFeature("clipboard-write") === false) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
