// The game log: every envelope in words. Undone steps (a `Rewound` envelope) stay in the log,
// struck through, because nothing is ever deleted.

import { h } from "./dom.js";
import { chip, seatName } from "./seats.js";
import { describeTable } from "./tablewords.js";

const REWOUND = "Rewound";

export class GameLog {
  constructor(list, board, ctx) {
    this.list = list; // an <ol>
    this.board = board;
    this.ctx = ctx; // {names}
    this.envelopes = [];
    this.items = new Map(); // seq -> <li>
    this.onPick = null; // replay: click an entry to seek
  }

  has(seq) {
    return this.items.has(seq);
  }

  lastSeq() {
    return this.envelopes.length ? this.envelopes[this.envelopes.length - 1].seq : 0;
  }

  text(env) {
    if (env.type === REWOUND) {
      const who = env.actor === null || env.actor === undefined ? "The table" : this.name(env.actor);
      const to = env.data && env.data.to_seq;
      return `${who} undid the last move${to !== undefined ? ` (back to step ${to})` : ""}.`;
    }
    const table = describeTable(env, this.ctx.names);
    if (table) return table; // the platform's events: a clock ran out, a bot took a seat over...
    try {
      return this.board.describe(env, this.ctx);
    } catch (err) {
      console.error("describe failed", env, err);
      return `${env.type}`;
    }
  }

  name(seat) {
    return seatName(this.ctx.names, seat);
  }

  add(envelopes) {
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    for (const env of envelopes) {
      if (this.items.has(env.seq)) continue;
      this.envelopes.push(env);
      const li = h("li", { "data-seq": env.seq, class: env.type === REWOUND ? "rewound-marker" : "" },
        h("span", { class: "seq" }, env.seq),
        env.actor === null || env.actor === undefined ? null : chip(env.actor, 14),
        h("span", { class: "text" }, this.text(env)));
      if (this.onPick) {
        li.classList.add("pickable");
        li.addEventListener("click", () => this.onPick(env.seq));
      }
      this.items.set(env.seq, li);
      this.list.append(li);
      if (env.type === REWOUND && env.data) this._strike(env.data.to_seq, env.seq);
    }
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  _strike(toSeq, rewoundSeq) {
    for (const env of this.envelopes) {
      if (env.seq > toSeq && env.seq < rewoundSeq && env.type !== REWOUND) {
        this.items.get(env.seq).classList.add("undone");
      }
    }
  }

  /** The envelopes still in effect (not undone), in order. */
  effective() {
    const out = [];
    for (const env of this.envelopes) {
      if (env.type === REWOUND) {
        const to = env.data ? env.data.to_seq : 0;
        while (out.length && out[out.length - 1].seq > to) out.pop();
      } else {
        out.push(env);
      }
    }
    return out;
  }

  /** Replay: mark the entry at `seq` as the current step and grey out what lies after it. */
  markAt(seq) {
    for (const [s, li] of this.items) {
      li.classList.toggle("current", s === seq);
      li.classList.toggle("future", s > seq);
    }
    const li = this.items.get(seq);
    if (li) li.scrollIntoView({ block: "nearest" });
  }

  rename(names) {
    this.ctx.names = names;
    for (const env of this.envelopes) {
      const li = this.items.get(env.seq);
      li.querySelector(".text").textContent = this.text(env);
    }
  }

  clear() {
    this.envelopes = [];
    this.items.clear();
    this.list.replaceChildren();
  }
}
