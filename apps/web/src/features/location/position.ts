/** A position on Earth in decimal degrees (WGS 84, as the Geolocation API answers it). */
export interface Position {
  lat: number;
  lng: number;
}

/** `lat` / `lng` from search params, or null when either is missing or out of range. */
export function positionOf(search: { lat?: unknown; lng?: unknown }): Position | null {
  const number = (value: unknown) =>
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : Number.NaN;
  const lat = number(search.lat);
  const lng = number(search.lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** Six decimals: about 10 cm, more than any phone knows. */
export function coordinatesText({ lat, lng }: Position): string {
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}

/** The phone's map app (Android opens its chooser; iOS Safari ignores geo:, hence the web link). */
export function geoUri(position: Position, label?: string): string {
  const at = coordinatesText(position).replace(" ", "");
  return `geo:${at}?q=${at}${label ? `(${encodeURIComponent(label)})` : ""}`;
}

/** A maps website anyone's browser can open (it hands over to the maps app where installed). */
export function webMapUrl(position: Position): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(coordinatesText(position).replace(" ", ""))}`;
}
