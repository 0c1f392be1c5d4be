const absoluteUrl = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * A relative path is prefixed with the base URL (one slash at the join); an absolute URL is
 * used as it is. The result is resolved against the page address in a browser, so a base URL
 * such as "/" works there; in Node it must be absolute. Throws TypeError when it cannot resolve.
 */
export function resolveUrl(baseUrl: string, path: string): string {
  const joined = absoluteUrl.test(path)
    ? path
    : `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  return new URL(joined, page).href;
}
