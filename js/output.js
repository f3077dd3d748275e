// Writing a run's output into a <pre>: always as text, never as markup.

/**
 * Append chunks of output to pre, merging a chunk into the last span of the same stream.
 * @param {HTMLElement} pre
 * @param {Array<["stdout"|"stderr", string]>} chunks
 */
export function appendOutput(pre, chunks) {
  for (const [stream, text] of chunks) {
    const last = pre.lastElementChild;
    const className = `ember-output__${stream}`;
    if (last && last.className === className) {
      last.append(text);
    } else {
      const span = document.createElement("span");
      span.className = className;
      span.textContent = text;
      pre.append(span);
    }
  }
}
