// Options forms from the JSON Schema that msgspec publishes in /api/kinds (`options_schema`).

import { h, words } from "./dom.js";

export function resolve(schema, root) {
  let node = schema;
  for (let guard = 0; node && node.$ref && guard < 20; guard++) {
    const path = node.$ref.replace(/^#\//, "").split("/");
    node = path.reduce((acc, key) => (acc ? acc[key] : undefined), root);
  }
  return node || {};
}

/** The fields of an options object: [{name, schema, nullable}]. */
export function fieldsOf(schema) {
  const root = resolve(schema, schema);
  return Object.entries(root.properties || {}).map(([name, prop]) => {
    let p = resolve(prop, schema);
    let nullable = false;
    if (p.anyOf) {
      const parts = p.anyOf.map((x) => resolve(x, schema));
      nullable = parts.some((x) => x.type === "null");
      const rest = parts.filter((x) => x.type !== "null");
      p = rest.length === 1 ? { ...rest[0], default: prop.default } : { ...p, anyOf: rest };
    }
    return { name, schema: { ...p, default: prop.default !== undefined ? prop.default : p.default }, nullable };
  });
}

function inputFor(field) {
  const { name, schema, nullable } = field;
  const label = schema.title && schema.title !== name ? schema.title : words(name);
  const hint = schema.description ? h("span", { class: "hint" }, schema.description) : null;
  if (schema.type === "boolean") {
    return h("label", { class: "check" }, h("input", { type: "checkbox", name, checked: !!schema.default, dataset: { kind: "boolean" } }), label, hint);
  }
  if (Array.isArray(schema.enum)) {
    return h("label", {}, label,
      h("select", { name, dataset: { kind: "enum" } },
        nullable ? h("option", { value: "", selected: schema.default === null }, "(random / default)") : null,
        schema.enum.map((v) => h("option", { value: JSON.stringify(v), selected: v === schema.default }, words(String(v))))),
      hint);
  }
  if (schema.type === "integer" || schema.type === "number") {
    return h("label", {}, label,
      h("input", {
        type: "number", name, dataset: { kind: "number", nullable: nullable ? "1" : "" },
        value: schema.default ?? "", min: schema.minimum ?? schema.exclusiveMinimum, max: schema.maximum ?? schema.exclusiveMaximum,
        step: schema.type === "integer" ? 1 : "any",
      }), hint);
  }
  if (schema.type === "string") {
    return h("label", {}, label, h("input", { type: "text", name, value: schema.default ?? "", dataset: { kind: "string", nullable: nullable ? "1" : "" } }), hint);
  }
  // anything else (lists, objects): JSON text
  return h("label", {}, `${label} (JSON)`,
    h("input", { type: "text", name, value: schema.default === undefined ? "" : JSON.stringify(schema.default), dataset: { kind: "json" } }), hint);
}

export function optionsForm(schema) {
  const root = resolve(schema, schema);
  return h("div", { class: "options" },
    root.description ? h("details", { class: "hint" }, h("summary", {}, "About these options"), root.description) : null,
    fieldsOf(schema).map(inputFor));
}

/** Only the options the person changed from their defaults are sent. */
export function readOptions(container, schema) {
  const out = {};
  for (const field of fieldsOf(schema)) {
    const input = container.querySelector(`[name="${CSS.escape(field.name)}"]`);
    if (!input) continue;
    let value;
    switch (input.dataset.kind) {
      case "boolean": value = input.checked; break;
      case "enum": value = input.value === "" ? null : JSON.parse(input.value); break;
      case "number": value = input.value === "" ? null : Number(input.value); break;
      case "json": value = input.value === "" ? undefined : JSON.parse(input.value); break;
      default: value = input.value === "" && input.dataset.nullable ? null : input.value;
    }
    if (value === undefined) continue;
    if (JSON.stringify(value) === JSON.stringify(field.schema.default)) continue;
    out[field.name] = value;
  }
  return out;
}
