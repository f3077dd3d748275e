// ember's files as text: the lesson's segments joined, each gap filled with a given text.

/**
 * A marked slot's text with its marker lines, as site_src/gaps.py writes it
 * (tests/unit/test_gaps_agree_with_the_page.py keeps the two equal).
 */
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
  return Object.fromEntries(Object.entries(lessonFiles).map(([path, segments]) => [path, lay(segments, answerOf).text]));
}

/**
 * Where each gap's text lies in the assembled files, so that a traceback can name the gap.
 * @returns {Object<string, [string, number, number, string][]>} for each path, [gap, first line, last
 *   line, indentation]: lines 1-based, and the indentation where the gap's code starts
 */
export function gapLines(lessonFiles, answerOf) {
  return Object.fromEntries(Object.entries(lessonFiles).map(([path, segments]) => [path, lay(segments, answerOf).gaps]));
}

/** A file's text from its segments, and the lines of each gap's text in it. */
function lay(segments, answerOf) {
  let text = "";
  const gaps = [];
  const lines = (s) => s.split("\n").length - 1;
  for (const s of segments) {
    if (typeof s === "string") {
      text += s;
      continue;
    }
    const own = answerOf(s.gap) ?? s.stub;
    const first = lines(text) + (s.marked ? 2 : 1); // after the start marker, if any
    gaps.push([s.gap, first, first + Math.max(lines(own), 1) - 1, s.indent]);
    text += s.marked ? markedText(s, own) : own;
  }
  return { text, gaps };
}
