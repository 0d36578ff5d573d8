/**
 * The size of the built view, raw and gzipped.
 * @module
 */

/** The built view's bytes, raw and gzipped (default level of `CompressionStream`). */
export async function viewSize(html: string): Promise<{ raw: number; gzip: number }> {
  const bytes = new TextEncoder().encode(html);
  const gzipped = await new Response(
    new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip")),
  ).arrayBuffer();
  return { raw: bytes.byteLength, gzip: gzipped.byteLength };
}
