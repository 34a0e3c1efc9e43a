// Tiny DOM helpers: h() for HTML, s() for SVG. No framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function apply(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) node.dataset[k] = v;
    } else if (key === "text") {
      node.textContent = value;
    } else if (key === "value" && "value" in node) {
      node.value = value;
    } else if (key === "checked" && "checked" in node) {
      node.checked = !!value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of [children].flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick}, "label"). */
export function h(tag, attrs, ...children) {
  return apply(document.createElement(tag), attrs, children);
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs, ...children) {
  return apply(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace the children of `node`. */
export function mount(node, ...children) {
  node.replaceChildren();
  apply(node, {}, children);
  return node;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** "PlaceBuilding" -> "Place building"; "hand_size" -> "Hand size". */
export function words(name) {
  const text = String(name)
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}
