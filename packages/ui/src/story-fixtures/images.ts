// Offline images for stories (no network in Storybook builds or CI).

function svgUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A QR-like pattern (not a real code: stories only need something that looks like one). */
export const sampleQrImage = svgUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><rect width="21" height="21" fill="#fff"/>${[
    [0, 0],
    [14, 0],
    [0, 14],
  ]
    .map(
      ([x, y]) =>
        `<rect x="${x}" y="${y}" width="7" height="7" fill="#100f16"/><rect x="${(x ?? 0) + 1}" y="${(y ?? 0) + 1}" width="5" height="5" fill="#fff"/><rect x="${(x ?? 0) + 2}" y="${(y ?? 0) + 2}" width="3" height="3" fill="#100f16"/>`,
    )
    .join("")}${Array.from({ length: 60 }, (_, index) => {
    const x = 8 + ((index * 7) % 13);
    const y = (index * 5) % 21;
    return x < 14 || y > 7 ? `<rect x="${x}" y="${y}" width="1" height="1" fill="#100f16"/>` : "";
  }).join("")}</svg>`,
);

/** An ID-card-like picture for upload previews. */
export const sampleIdCardImage = svgUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><rect width="320" height="200" rx="14" fill="#dfe8f3"/><rect x="20" y="40" width="80" height="100" rx="6" fill="#a4b8d2"/><rect x="120" y="50" width="170" height="12" rx="6" fill="#7a8799"/><rect x="120" y="80" width="130" height="12" rx="6" fill="#7a8799"/><rect x="120" y="110" width="150" height="12" rx="6" fill="#7a8799"/></svg>`,
);

/** A camera-view stand-in: a face-shaped silhouette on a room-coloured background. */
export const sampleCameraView = svgUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect width="300" height="400" fill="#56606f"/><ellipse cx="150" cy="175" rx="70" ry="92" fill="#d9b99b"/><rect x="70" y="300" width="160" height="120" rx="60" fill="#2d3a4f"/></svg>`,
);
