import type { Api } from "@chayong/sdk";

/**
 * The API as the screens see it, while the transport, the SDK and their schemas (the largest
 * part of the app's own code) load in their own chunk, started at boot in parallel with the
 * first page. Every function waits for that chunk once, then calls straight through.
 */
export function createLazyApi(load: () => Promise<Api>): Api {
  let loaded: Promise<Api> | undefined;
  const ready = () => {
    loaded ??= load();
    return loaded;
  };
  const areas = new Map<string, object>();
  return new Proxy({} as Api, {
    get(_target, area) {
      if (typeof area !== "string") return undefined;
      let functions = areas.get(area);
      if (!functions) {
        functions = new Proxy(
          {},
          {
            get(_inner, name) {
              if (typeof name !== "string") return undefined;
              return async (...args: unknown[]) => {
                const api = (await ready()) as unknown as Record<
                  string,
                  Record<string, (...callArgs: unknown[]) => Promise<unknown>>
                >;
                const call = api[area]?.[name];
                if (!call) throw new TypeError(`api.${area}.${name} does not exist`);
                return call(...args);
              };
            },
          },
        );
        areas.set(area, functions);
      }
      return functions;
    },
  });
}
