import { textField, textRules } from "@chayong/domain";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { endpointList } from "./table";

/** A schema or pipe action as valibot builds them: only what this walk reads. */
interface SchemaNode {
  type: string;
  kind?: string;
  pipe?: SchemaNode[];
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  items?: SchemaNode[];
  item?: SchemaNode;
  options?: unknown[];
  requirement?: unknown;
}

/** The actions of a pipe, nested pipes included (the first item of a pipe is its schema). */
function actionsOf(node: SchemaNode): SchemaNode[] {
  if (!node.pipe) return [];
  const [base, ...actions] = node.pipe;
  return [...(base && base !== node && base.pipe ? actionsOf(base) : []), ...actions];
}

/** Every string a schema accepts, with its path, and whether it passes the text rule. */
function strings(node: SchemaNode, path: string): { path: string; checked: boolean }[] {
  if (node.type === "string") {
    const checked = actionsOf(node).some(
      (action) =>
        action.type === "check" && textRules.includes(action.requirement as (v: string) => boolean),
    );
    return [{ path, checked }];
  }
  if (node.wrapped) return strings(node.wrapped, path);
  if (node.entries)
    return Object.entries(node.entries).flatMap(([key, child]) => strings(child, `${path}.${key}`));
  if (node.items) return node.items.flatMap((child, i) => strings(child, `${path}[${i}]`));
  if (node.item) return strings(node.item, `${path}[]`);
  if (Array.isArray(node.options) && node.type !== "picklist")
    return (node.options as SchemaNode[]).flatMap((child) => strings(child, path));
  return [];
}

describe("request strings", () => {
  it("every string field of every request passes the domain's one text rule", () => {
    const all = endpointList.flatMap((entry) =>
      strings(entry.request as unknown as SchemaNode, entry.id),
    );
    // The walk finds the fields it should (so it cannot pass by finding none).
    expect(all.map((field) => field.path)).toEqual(
      expect.arrayContaining([
        "contract.add.name",
        "contract.add.borrowerPhone",
        "contract.repay.id",
        "contract.repay.reason",
        "contract.reverse.entryId",
        "contract.query.cursor",
        "template.add.merchantName",
        "identity.addEmergencyContacts.contacts[1].name",
      ]),
    );
    expect(all.filter((field) => !field.checked).map((field) => field.path)).toEqual([]);
  });
});

describe("the walk itself", () => {
  it("tells a checked string from a bare one, through optional, tuple and nested pipes", () => {
    const schema = v.strictObject({
      bare: v.optional(v.pipe(v.string(), v.maxLength(3))),
      checked: v.tuple([v.pipe(textField({ maxLength: 9 }), v.regex(/^a/))]),
    });
    expect(strings(schema as unknown as SchemaNode, "x")).toEqual([
      { path: "x.bare", checked: false },
      { path: "x.checked[0]", checked: true },
    ]);
  });
});
