import type { AnySchema, Area, EndpointDefinition, EndpointId } from "./endpoints";
import { endpoints } from "./endpoints";
import { requestSchemas } from "./requests";

/** One endpoint as the server registers it: the table's entry with its request schema. */
export interface EndpointEntry extends EndpointDefinition {
  id: EndpointId;
  area: Area;
  name: string;
  request: AnySchema;
}

/** The table as a list, in declaration order, each entry with its request schema. */
export const endpointList: readonly EndpointEntry[] = Object.entries(endpoints).flatMap(
  ([area, group]) =>
    Object.entries(group as Record<string, EndpointDefinition>).map(([name, definition]) => ({
      ...definition,
      id: `${area}.${name}` as EndpointId,
      area: area as Area,
      name,
      request: (requestSchemas as Record<string, Record<string, AnySchema>>)[area]?.[
        name
      ] as AnySchema,
    })),
);

export function findEndpoint(id: EndpointId): EndpointEntry {
  const entry = endpointList.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`unknown endpoint ${id}`);
  return entry;
}
