/** Joins the truthy class names; the kit's one helper for composing `className`. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
