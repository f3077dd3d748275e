// A small helper for the components' markup.

/**
 * Make an element with a class and, optionally, its text (always as text, never as markup).
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
export function make(tag, className, text) {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Make a button of Material's look.
 * @param {string} label the button's text, which is also its accessible name
 * @param {string} className extra classes
 */
export function button(label, className = "") {
  const el = make("button", `md-button ${className}`.trim(), label);
  el.type = "button";
  return el;
}
