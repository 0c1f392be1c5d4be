/** Where the floating button sits: its top-left corner in CSS pixels of the viewport. */
export interface ServiceButtonPosition {
  x: number;
  y: number;
}

/** The spec's stored defaults (serviceX 1000, serviceY 10000): off-screen values that clamp to the bottom-right. */
export const defaultServiceButtonPosition: ServiceButtonPosition = { x: 1000, y: 10000 };

export interface ClampArea {
  width: number;
  height: number;
  /** Space kept free at each edge (safe areas, the tab bar). */
  insets?: { top?: number; right?: number; bottom?: number; left?: number };
}

/** A rectangle in viewport CSS pixels, as `getBoundingClientRect()` gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Width of the docked tab the button shrinks to when it steps aside: narrower than the pages' 16 px gutter. */
export const dockedTabWidth = 12;

/** Keeps a `size`-pixel button fully on screen inside `area`; non-finite input goes to the default corner. */
export function clampPosition(
  position: ServiceButtonPosition,
  size: number,
  area: ClampArea,
): ServiceButtonPosition {
  const { top = 0, right = 0, bottom = 0, left = 0 } = area.insets ?? {};
  const maxX = Math.max(left, area.width - right - size);
  const maxY = Math.max(top, area.height - bottom - size);
  const x = Number.isFinite(position.x) ? position.x : maxX;
  const y = Number.isFinite(position.y) ? position.y : maxY;
  return {
    x: Math.round(Math.min(Math.max(x, left), maxX)),
    y: Math.round(Math.min(Math.max(y, top), maxY)),
  };
}

/** The side edge nearer to the button's centre. */
export function nearestSide(
  position: ServiceButtonPosition,
  size: number,
  area: ClampArea,
): "left" | "right" {
  return position.x + size / 2 < area.width / 2 ? "left" : "right";
}

/**
 * Where a dropped button comes to rest: on screen, against the nearer side edge, at the height
 * it was dropped. The side edges hold the pages' gutters, where no content lies
 * (docs/service-button.md).
 */
export function snapToSide(
  position: ServiceButtonPosition,
  size: number,
  area: ClampArea,
): ServiceButtonPosition {
  const clamped = clampPosition(position, size, area);
  const { left = 0, right = 0 } = area.insets ?? {};
  const x =
    nearestSide(clamped, size, area) === "left" ? left : Math.max(left, area.width - right - size);
  return { x: Math.round(x), y: clamped.y };
}

/** The box the full button covers at `position`. */
export function buttonBox(position: ServiceButtonPosition, size: number): Box {
  return {
    left: position.x,
    top: position.y,
    right: position.x + size,
    bottom: position.y + size,
  };
}

/**
 * The box of the docked tab: `dockedTabWidth` wide, flush with the nearer side edge of the
 * screen, at the button's height.
 */
export function dockedBox(position: ServiceButtonPosition, size: number, area: ClampArea): Box {
  const side = nearestSide(position, size, area);
  const left = side === "left" ? 0 : area.width - dockedTabWidth;
  return { left, top: position.y, right: left + dockedTabWidth, bottom: position.y + size };
}

/** True when the two boxes share some area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** True when `box` overlaps any of `others`. */
export function overlapsAny(box: Box, others: Iterable<Box>): boolean {
  for (const other of others) if (boxesOverlap(box, other)) return true;
  return false;
}

/** How the resting button is shown: full size where it rests, or docked as a tab at `y`. */
export interface Placement {
  docked: boolean;
  y: number;
}

/** Steps (CSS px) in which a docked tab looks for a free place along its edge. */
const dockSearchStep = 4;

/**
 * How the button resting at `position` is shown (docs/service-button.md): full size when nothing
 * to keep clear lies under it and nobody is typing; otherwise docked as a slim tab on its side
 * edge, at the height nearest its own where the tab itself covers nothing (above or below a
 * header's or a bottom bar's buttons that reach the edge).
 */
export function placeButton(
  position: ServiceButtonPosition,
  size: number,
  area: ClampArea,
  obstacles: readonly Box[],
  editing: boolean,
): Placement {
  if (!editing && !overlapsAny(buttonBox(position, size), obstacles)) {
    return { docked: false, y: position.y };
  }
  const { top = 0, bottom = 0 } = area.insets ?? {};
  const minY = top;
  const maxY = Math.max(top, area.height - bottom - size);
  const isFree = (y: number) =>
    !overlapsAny(dockedBox({ x: position.x, y }, size, area), obstacles);
  for (let offset = 0; offset <= maxY - minY; offset += dockSearchStep) {
    for (const y of [position.y - offset, position.y + offset]) {
      if (y >= minY && y <= maxY && isFree(y)) return { docked: true, y };
    }
  }
  return { docked: true, y: position.y };
}

/** The side edge the resting button is snapped to. */
export type ServiceButtonSide = "left" | "right";

/**
 * Where the resting button is, in terms that survive a change of viewport (a phone turned, a
 * window resized, another device's screen): the side edge it is snapped to, and how far down the
 * screen its top edge is, as a fraction of the viewport's height (1 = at the bottom, whatever the
 * bottom is on the page shown). Stored as serviceX = side, serviceY = fraction.
 */
export interface ServiceButtonAnchor {
  side: ServiceButtonSide;
  fraction: number;
}

/** Nothing stored: the bottom-right corner (what the pixel defaults 1000 / 10000 meant). */
export const defaultServiceButtonAnchor: ServiceButtonAnchor = { side: "right", fraction: 1 };

export function isServiceButtonAnchor(value: unknown): value is ServiceButtonAnchor {
  if (typeof value !== "object" || value === null) return false;
  const { side, fraction } = value as Partial<ServiceButtonAnchor>;
  return (
    (side === "left" || side === "right") &&
    typeof fraction === "number" &&
    Number.isFinite(fraction) &&
    fraction >= 0 &&
    fraction <= 1
  );
}

/** The lowest top edge the button can rest at in `area`. */
function bottomY(size: number, area: ClampArea): number {
  const { top = 0, bottom = 0 } = area.insets ?? {};
  return Math.max(top, area.height - bottom - size);
}

/**
 * The anchor of a pixel position in `area`: the nearer side edge, and the height as a fraction
 * of the viewport's height, or 1 when it rests at the bottom (so it stays at the bottom on a page
 * with a tab bar and one without, and after a rotation).
 */
export function anchorOf(
  position: ServiceButtonPosition,
  size: number,
  area: ClampArea,
): ServiceButtonAnchor {
  const rest = snapToSide(position, size, area);
  const side = nearestSide(rest, size, area);
  if (rest.y >= bottomY(size, area) || area.height <= 0) return { side, fraction: 1 };
  return { side, fraction: Math.round((rest.y / area.height) * 10_000) / 10_000 };
}

/** The resting pixel position of an anchor in `area`: against its edge, fully on screen. */
export function positionOfAnchor(
  anchor: ServiceButtonAnchor,
  size: number,
  area: ClampArea,
): ServiceButtonPosition {
  const fraction = Number.isFinite(anchor.fraction) ? Math.min(Math.max(anchor.fraction, 0), 1) : 1;
  const y = fraction >= 1 ? Number.POSITIVE_INFINITY : fraction * area.height;
  const { left = 0, right = 0 } = area.insets ?? {};
  const x = anchor.side === "left" ? left : Math.max(left, area.width - right - size);
  return { x: Math.round(x), y: clampPosition({ x, y }, size, area).y };
}

/**
 * The stored serviceX / serviceY as the button takes them: the side and the fraction it stores
 * now (`"left"` | `"right"`, 0..1), or the pixels older versions stored (numbers), which the
 * button turns into an anchor against the screen it opens on and reports once (a migration).
 * Anything else is the default corner.
 */
export function storedServiceButtonPosition(
  x: unknown,
  y: unknown,
): ServiceButtonAnchor | ServiceButtonPosition {
  const anchor = { side: x, fraction: y };
  if (isServiceButtonAnchor(anchor)) return anchor;
  if (typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y)) {
    return { x, y };
  }
  return defaultServiceButtonAnchor;
}
