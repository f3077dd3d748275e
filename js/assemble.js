// ember's files as text: the lesson's segments joined, each gap filled with a given text.

/** A marked slot's text with its marker lines, as site_src/gaps.py writes it. */
export function markedText(slot, text) {
  return `${slot.indent}# --- gap ${slot.gap} ---\n${text}${slot.indent}# --- end ---\n`;
}

/**
 * Join each file's segments, putting the learner's text (else the stub) in each slot.
 * @param {Object<string, Array>} lessonFiles the lesson's files as text and slots
 * @param {(gap: string) => string|undefined} answerOf the learner's text for a gap
 * @returns {Object<string,string>}
 */
export function assemble(lessonFiles, answerOf) {
  const files = {};
  for (const [path, segments] of Object.entries(lessonFiles)) {
    files[path] = segments
      .map((s) => {
        if (typeof s === "string") return s;
        const text = answerOf(s.gap) ?? s.stub;
        return s.marked ? markedText(s, text) : text;
      })
      .join("");
  }
  return files;
}
