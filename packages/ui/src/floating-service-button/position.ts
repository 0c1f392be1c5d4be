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
