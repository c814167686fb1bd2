// @ts-check
/** The role picker: a count per role of the edition, with − and + buttons. */

export class DeckPicker {
  /**
   * @param {HTMLElement} list the <ul> to fill
   * @param {() => void} onChange
   */
  constructor(list, onChange) {
    this.list = list;
    this.onChange = onChange;
    /** @type {string[]} */
    this.roles = [];
    /** @type {Record<string, number>} */
    this.counts = {};
    list.addEventListener("click", (event) => {
      const target = /** @type {HTMLElement} */ (event.target);
      const button = target.closest("button[data-role]");
      if (!(button instanceof HTMLButtonElement)) return;
      const role = button.dataset.role || "";
      const step = Number(button.dataset.step);
      this.counts[role] = Math.max(0, Math.min(12, (this.counts[role] || 0) + step));
      this.render();
      this.onChange();
    });
  }

  /**
   * @param {string[]} roles the edition's roles, in the order to list them
   * @param {Record<string, string>} names
   * @param {Record<string, number>} counts
   * @param {{less: (name: string) => string, more: (name: string) => string}} labels
   *   the − and + buttons' ARIA labels, in the page's language
   */
  show(roles, names, counts, labels) {
    this.roles = roles;
    this.names = names;
    this.counts = {};
    for (const role of roles) this.counts[role] = counts[role] || 0;
    this.list.replaceChildren(
      ...roles.map((role) => {
        const li = document.createElement("li");
        li.className = "role";
        li.dataset.role = role;
        const name = document.createElement("span");
        name.className = "role-name";
        name.id = `role-${role}`;
        name.textContent = names[role] || role;
        const less = this.button(role, -1, "−", labels.less(names[role] || role));
        const count = document.createElement("output");
        count.className = "count";
        count.setAttribute("aria-labelledby", name.id);
        const more = this.button(role, 1, "+", labels.more(names[role] || role));
        li.append(name, less, count, more);
        return li;
      }),
    );
    this.render();
  }

  /**
   * @param {string} role @param {number} step @param {string} text @param {string} label
   */
  button(role, step, text, label) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "step";
    b.dataset.role = role;
    b.dataset.step = String(step);
    b.textContent = text;
    b.setAttribute("aria-label", label);
    return b;
  }

  render() {
    for (const li of this.list.querySelectorAll("li[data-role]")) {
      const role = /** @type {HTMLElement} */ (li).dataset.role || "";
      const n = this.counts[role] || 0;
      const out = li.querySelector("output");
      if (out) out.textContent = String(n);
      li.classList.toggle("in-deck", n > 0);
      const less = li.querySelector('button[data-step="-1"]');
      if (less instanceof HTMLButtonElement) less.disabled = n === 0;
    }
  }

  /** Every card of the deck, one entry per card, in the listing's order. */
  cards() {
    /** @type {string[]} */
    const out = [];
    for (const role of this.roles) {
      for (let i = 0; i < (this.counts[role] || 0); i++) out.push(role);
    }
    return out;
  }
}
