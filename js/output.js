// Writing a run's output into a <pre>: always as text, never as markup.

/** The streams of a run's chunks that are output to print; the others (graph, plot, network)
 * are drawings, from hx (site_src/runtime/cellrun.py, Chunk). */
export const PRINTED = new Set(["stdout", "stderr", "cut", "note"]);

/**
 * Append chunks of output to pre, merging a chunk into the last span of the same stream. A
 * "cut" chunk (a note that output was left out) replaces the note before it, where it stood.
 * A pre scrolled to its end, as it starts, stays at its end: a long run's last lines show, unless
 * the learner scrolled up to read.
 * @param {HTMLElement} pre
 * @param {Array<["stdout"|"stderr"|"cut"|"note", string]>} chunks
 */
export function appendOutput(pre, chunks) {
  if (!chunks.length) return;
  const atEnd = pre.scrollHeight - pre.scrollTop - pre.clientHeight < 2;
  for (const [stream, text] of chunks) {
    const cut = stream === "cut" && pre.querySelector(".ember-output__cut");
    if (cut) {
      cut.textContent = text;
      continue;
    }
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
  if (atEnd) pre.scrollTop = pre.scrollHeight;
}
