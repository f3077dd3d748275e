// Small helpers for the components' markup, and for the data the build puts in a page.

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
 * The JSON that the build put in a <template> (site_src/fences json_template).
 * @param {HTMLTemplateElement} template
 */
export function readJson(template) {
  return JSON.parse(template.content.textContent);
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
