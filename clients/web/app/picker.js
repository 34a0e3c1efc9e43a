// Legal-move highlighting. The server's `legal` list holds complete commands; a board marks
// elements as targets with a *pattern* (a partial command such as {type: "Build", space: 7}).
// A target is clickable only when some legal command matches it, so nothing illegal is
// clickable. Clicking narrows the selection; when one command is left it is sent. A turn
// step that needs two choices (a card, then a space) is two clicks in either order.

export function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same(a[k], b[k]));
}

/** True when every field of `pattern` equals the command's. */
export function matches(command, pattern) {
  return Object.keys(pattern).every((k) => same(command[k], pattern[k]));
}

function narrows(pattern, selection) {
  if (!selection) return true;
  return Object.keys(pattern).some((k) => !(k in selection) || !same(selection[k], pattern[k]));
}

export class Picker {
  constructor({ onSend, onChange }) {
    this.onSend = onSend;
    this.onChange = onChange;
    this.legal = [];
    this.selection = null;
    this.patterns = [];
    this.enabled = true;
  }

  setLegal(legal) {
    this.legal = legal || [];
    if (this.selection && !this.legal.some((c) => matches(c, this.selection))) this.selection = null;
  }

  /** Forget the patterns of the last drawing (call before each render). */
  beginRender() {
    this.patterns = [];
  }

  candidates() {
    return this.selection ? this.legal.filter((c) => matches(c, this.selection)) : this.legal;
  }

  _resolve(pattern) {
    if (this.selection) {
      const merged = { ...this.selection, ...pattern };
      const found = this.legal.filter((c) => matches(c, merged));
      if (found.length) return { merged, found };
    }
    return { merged: pattern, found: this.legal.filter((c) => matches(c, pattern)) };
  }

  /** Could a click on `pattern` act now? */
  can(pattern) {
    return this.enabled && this.legal.some((c) => matches(c, pattern));
  }

  /** Is `pattern` part of the current partial choice? */
  isSelected(pattern) {
    if (!this.selection) return false;
    const keys = Object.keys(pattern).filter((k) => k !== "type");
    return keys.length > 0 && keys.every((k) => k in this.selection && same(this.selection[k], pattern[k]))
      && (!("type" in pattern) || same(pattern.type, this.selection.type));
  }

  click(pattern) {
    if (!this.can(pattern)) return;
    const { merged, found } = this._resolve(pattern);
    if (!found.length) return;
    if (found.every((c) => same(c, found[0]))) {
      this.selection = null;
      this.onSend(found[0]);
    } else if (this.selection && same(merged, this.selection)) {
      // clicking the chosen thing again drops the choice
      this.selection = null;
    } else {
      this.selection = merged;
    }
    this.onChange();
  }

  cancel() {
    if (!this.selection) return;
    this.selection = null;
    this.onChange();
  }

  /**
   * Make `node` a target for `pattern` when a legal command matches it; otherwise leave it
   * inert. Returns the node. Works for SVG and HTML elements alike.
   */
  target(node, pattern, label) {
    this.patterns.push(pattern);
    if (!this.can(pattern)) return node;
    const selected = this.isSelected(pattern);
    node.classList.add("target");
    if (selected) node.classList.add("selected");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.dataset.pattern = JSON.stringify(pattern);
    if (label) node.setAttribute("aria-label", label);
    if (label && node instanceof SVGElement && !node.querySelector(":scope > title")) {
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = label;
      node.prepend(title);
    }
    node.addEventListener("click", (e) => {
      e.stopPropagation();
      this.click(pattern);
    });
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this.click(pattern);
      }
    });
    return node;
  }

  /** Legal commands that no target drawn this time can reach (they get plain buttons). */
  uncovered() {
    return this.candidates().filter(
      (c) => !this.patterns.some((p) => matches(c, p) && narrows(p, this.selection) && this.can(p)),
    );
  }
}
