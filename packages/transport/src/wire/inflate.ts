/**
 * Whether this runtime can inflate a compressed envelope (`COMPRESSED_ENVELOPE`, raw DEFLATE):
 * DecompressionStream exists in browsers that cannot read "deflate-raw" (Chrome 80-102), so the
 * format itself is tried. A client asks for compressed answers only when this is true.
 */
export function canInflateEnvelopes(): boolean {
  if (typeof DecompressionStream !== "function") return false;
  try {
    new DecompressionStream("deflate-raw");
    return true;
  } catch {
    return false;
  }
}
