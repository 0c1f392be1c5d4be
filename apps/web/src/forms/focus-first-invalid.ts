/** The form controls a field can be: the one to focus inside a field's wrapper. */
const controls = "input:not([type=hidden]):not([disabled]), select, textarea, button";

/**
 * Brings the first field with a problem, in the page's order, into view and puts the focus on it
 * (a refused submit must never leave the first error above the screen and the focus on the
 * button). Fields are found by their `name` (the bound fields name their control after the
 * form's field) or by `data-field` on a wrapper (a photo tile). Returns the control focused.
 */
export function focusFirstInvalid(
  root: ParentNode,
  isInvalid: (field: string) => boolean,
): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>("[data-field], [name]")) {
    const field = element.dataset.field ?? element.getAttribute("name");
    if (field === null || !isInvalid(field)) continue;
    const control = element.matches(controls)
      ? element
      : (element.querySelector<HTMLElement>(controls) ?? element);
    // Centred: the error text sits under the control, the label above it.
    element.scrollIntoView?.({ block: "center" });
    control.focus({ preventScroll: true });
    return control;
  }
  return null;
}
