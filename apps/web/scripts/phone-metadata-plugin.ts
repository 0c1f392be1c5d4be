import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

interface PhoneMetadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

const metadataModule = /libphonenumber-js\/metadata\.(max|min|mobile)\.json\.js$/;

/**
 * Ships libphonenumber-js metadata for the product's regions only (docs/login.md#phone-numbers: KR and TW).
 * The domain accepts no other region, so every answer stays the same; the entry bundle loses
 * ~50 KB of gzip (the full "max" metadata covers every country of the world).
 */
export function phoneMetadataForRegions(regions: readonly string[]): Plugin {
  const keep = new Set(regions);
  return {
    name: "chayong:phone-metadata-for-regions",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (!metadataModule.test(file)) return null;
      const json = JSON.parse(readFileSync(file.replace(/\.js$/, ""), "utf8")) as PhoneMetadata;
      const callingCodes: Record<string, string[]> = {};
      for (const [code, countries] of Object.entries(json.country_calling_codes)) {
        const kept = countries.filter((country) => keep.has(country));
        if (kept.length > 0) callingCodes[code] = kept;
      }
      const countries = Object.fromEntries(
        Object.entries(json.countries).filter(([country]) => keep.has(country)),
      );
      const reduced: PhoneMetadata = {
        version: json.version,
        country_calling_codes: callingCodes,
        countries,
        nonGeographic: {},
      };
      return `export default ${JSON.stringify(reduced)}`;
    },
  };
}
