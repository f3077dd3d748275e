// Indentation as Python needs it. An editor says, for each line, whether the learner may edit
// it and how far left its code may start (lineRule): a cell's lines are all free, from column
// 0; a lab's only inside its gaps, from the gap's own indentation. Tab, Shift+Tab, Backspace and
// text typed or pasted follow that rule, so code in a gap cannot fall out of its method.

import { insertNewlineAndIndent } from "@codemirror/commands";
import { ensureSyntaxTree, syntaxTree } from "@codemirror/language";
import { EditorSelection, EditorState, Facet, Prec, Transaction } from "@codemirror/state";

const UNIT = 4; // spaces in one level of indentation

/**
 * A line's rule: editable, whether the learner may change it; floor, the column its code may not
 * start left of; first, whether it is the first line of its region (nothing above to join).
 * @typedef {{editable: boolean, floor: number, first: boolean}} LineRule
 */

/** The editor's rule for a line: (state, line) => LineRule. By default every line is free. */
export const lineRule = Facet.define({
  combine: (rules) => rules[0] ?? ((state, line) => ({ editable: true, floor: 0, first: line.number === 1 })),
});

/** The number of spaces that start text. */
function indentOf(text) {
  return /^ */.exec(text)[0].length;
}

/** The rule of the line at pos. */
function ruleAt(state, pos) {
  const line = state.doc.lineAt(pos);
  return { line, ...state.facet(lineRule)(state, line) };
}

/** The editable lines that the selection touches, each once. */
function selectedLines(state) {
  const lines = new Map();
  for (const range of state.selection.ranges) {
    const last = state.doc.lineAt(range.to).number;
    for (let n = state.doc.lineAt(range.from).number; n <= last; n++) {
      const line = state.doc.line(n);
      // A selection that ends at the very start of a line does not take that line.
      if (n > 1 && n === last && range.to === line.from && !range.empty) continue;
      if (state.facet(lineRule)(state, line).editable) lines.set(n, line);
    }
  }
  return [...lines.values()];
}

/** Tab: with a selection, indent its lines one level; else spaces up to the next level. */
function tab(view) {
  const { state } = view;
  if (!state.selection.ranges.every((range) => range.empty)) return shiftLines(view, 1);
  const spec = state.changeByRange((range) => {
    const { line, editable } = ruleAt(state, range.head);
    if (!editable) return { range };
    const spaces = UNIT - ((range.head - line.from) % UNIT);
    return { changes: { from: range.head, insert: " ".repeat(spaces) }, range: EditorSelection.cursor(range.head + spaces) };
  });
  view.dispatch(state.update(spec, { userEvent: "input.indent", scrollIntoView: true }));
  return true;
}

/**
 * Indent (by 1) or dedent (by -1) the selected lines one level; a line never goes left of its
 * floor. Blank lines are left alone.
 */
function shiftLines(view, by) {
  const { state } = view;
  const changes = [];
  const lines = selectedLines(state);
  for (const line of lines) {
    // A blank line among several keeps its spaces; alone, it is where the cursor waits after
    // Enter, and Shift+Tab moves it back a level there, as Python editors do.
    if (lines.length > 1 && !/\S/.test(line.text)) continue;
    const indent = indentOf(line.text);
    if (by > 0) {
      changes.push({ from: line.from, insert: " ".repeat(UNIT) });
    } else {
      const floor = state.facet(lineRule)(state, line).floor;
      const drop = Math.min(indent - floor, indent % UNIT || UNIT);
      if (drop > 0) changes.push({ from: line.from, to: line.from + drop });
    }
  }
  if (changes.length) view.dispatch({ changes, userEvent: by > 0 ? "input.indent" : "delete.dedent" });
  return true;
}

/**
 * Backspace in the leading spaces of a line, at or left of its floor: the code cannot start
 * further left, so the line joins the one above (or, on a region's first line, nothing
 * happens). Elsewhere CodeMirror's own Backspace runs, which removes one level in leading spaces.
 */
function backspace(view) {
  const { state } = view;
  const range = state.selection.main;
  if (state.selection.ranges.length > 1 || !range.empty) return false;
  const { line, editable, floor, first } = ruleAt(state, range.head);
  const before = state.sliceDoc(line.from, range.head);
  if (!editable || !floor || !before || /\S/.test(before) || before.length > floor) return false;
  if (first) return true;
  const above = state.doc.line(line.number - 1);
  view.dispatch({
    changes: { from: above.to, to: range.head },
    selection: { anchor: above.to },
    userEvent: "delete.backward",
    scrollIntoView: true,
  });
  return true;
}

/**
 * Home and End on the whole line, not the wrapped piece of it on screen: Home goes to the first
 * character of code, and from there to the line's start; with Shift, they select.
 */
function lineBoundary(forward, select) {
  return (view) => {
    const { state } = view;
    const selection = EditorSelection.create(state.selection.ranges.map((range) => {
      const line = state.doc.lineAt(range.head);
      const code = line.from + /^\s*/.exec(line.text)[0].length;
      const head = forward ? line.to : range.head === code ? line.from : code;
      return select ? EditorSelection.range(range.anchor, head) : EditorSelection.cursor(head);
    }), state.selection.mainIndex);
    view.dispatch({ selection, scrollIntoView: true, userEvent: "select" });
    return true;
  };
}

const PARSE_WAIT = 500; // ms of parsing that Enter may wait for, on a slow or busy machine

/**
 * Enter as CodeMirror's insertNewlineAndIndent, once the syntax tree reaches the cursor. The
 * indentation comes from the tree, and CodeMirror parses in slices of 20 ms, beginning with the
 * first 3,000 characters: on a slow or busy machine the tree may stop short of a gap far down
 * a lab's file, and Enter after a colon would then keep the line's indentation, not indent.
 * @param {{state: EditorState, dispatch: (spec: object) => void}} view
 */
export function newlineFromTree(view) {
  const head = view.state.selection.main.head;
  if (syntaxTree(view.state).length < head && ensureSyntaxTree(view.state, head, PARSE_WAIT)) {
    view.dispatch({}); // a state that holds the tree just parsed (LanguageState.apply takes it)
  }
  return insertNewlineAndIndent(view);
}

/** The keys of Python editing, ahead of CodeMirror's defaults. */
export const editingKeys = [
  { key: "Enter", run: newlineFromTree },
  { key: "Tab", run: tab, shift: (view) => shiftLines(view, -1) },
  { key: "Mod-]", run: (view) => shiftLines(view, 1) },
  { key: "Mod-[", run: (view) => shiftLines(view, -1) },
  { key: "Backspace", run: backspace },
  { key: "Home", run: lineBoundary(false, false), shift: lineBoundary(false, true) },
  { key: "End", run: lineBoundary(true, false), shift: lineBoundary(true, true) },
  { mac: "Cmd-ArrowLeft", run: lineBoundary(false, false), shift: lineBoundary(false, true) },
  { mac: "Cmd-ArrowRight", run: lineBoundary(true, false), shift: lineBoundary(true, true) },
];

/**
 * How far the lines of a block are indented in common. A block copied from the middle of a
 * line starts with a line of no indentation and no colon at its end, above lines that are
 * indented: then its first line does not count.
 */
function commonIndent(lines) {
  const indents = (some) => some.filter((line) => /\S/.test(line)).map(indentOf);
  const rest = indents(lines.slice(1));
  const midLine = rest.length && indentOf(lines[0]) === 0 && !/:\s*(#.*)?$/.test(lines[0]) && Math.min(...rest) > 0;
  const all = midLine ? rest : indents(lines);
  return all.length ? Math.min(...all) : 0;
}

/** text with the tabs of its indentation as spaces, to the next level each. */
function spacesForTabs(text) {
  const [indent] = /^[ \t]*/.exec(text);
  let column = 0;
  for (const char of indent) column = char === "\t" ? column + UNIT - (column % UNIT) : column + 1;
  return " ".repeat(column) + text.slice(indent.length);
}

/**
 * Text typed or pasted where a line's code starts, placed at the line's indentation: its
 * common indentation is taken off and the block is put at the cursor's column, or at the
 * line's floor if the cursor is left of it. After code on a line, the lines that follow the
 * first keep their shape at the line's own indentation. Tabs in the indentation become spaces;
 * a block that ends with a line break leaves the code after it at the block's column.
 * @param {string} text what was typed or pasted
 * @param {string} before the line's text before it
 * @param {number} floor the column the line's code may not start left of
 * @param {string} [after] the line's text after it
 * @returns {string|null} the text to insert, or null to insert it as it is
 */
export function placed(text, before, floor, after = "") {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map(spacesForTabs);
  const common = commonIndent(lines);
  const strip = (line) => (/\S/.test(line) ? line.slice(Math.min(common, indentOf(line))) : "");
  const afterCode = /\S/.test(before);
  const column = Math.max(afterCode ? indentOf(before) : before.length, floor);
  const first = afterCode || !/\S/.test(lines[0]) ? lines[0] : " ".repeat(column - before.length) + strip(lines[0]);
  const rest = lines.slice(1).map((line) => (/\S/.test(line) ? " ".repeat(column) + strip(line) : ""));
  if (rest.length && !rest.at(-1) && /\S/.test(after)) rest[rest.length - 1] = " ".repeat(Math.max(0, column - indentOf(after)));
  const result = [first, ...rest].join("\n");
  return result === text ? null : result;
}

/**
 * Place typed and pasted text at its line's indentation (see placed). A keystroke keeps the
 * selection and effects of the transaction it came in (such as a closing bracket's), and one
 * left of the line's floor takes the place of the spaces after it, so that "y" typed at column 0
 * of "        x" gives "        yx"; a block's cursor goes to its end. Text being composed
 * (an input method, a dead key) is left alone until it is done.
 */
export const placeInput = EditorState.transactionFilter.of((tr) => {
  const userEvent = tr.annotation(Transaction.userEvent);
  if (!tr.docChanged || !/^input\.(type|paste|drop)$/.test(userEvent ?? "")) return tr;
  const inserts = [];
  tr.changes.iterChanges((fromA, toA, fromB, toB, inserted) => inserts.push({ fromA, toA, fromB, toB, text: inserted.toString() }));
  if (inserts.length !== 1 || !/\S/.test(inserts[0].text)) return tr;
  const [{ fromA, toA, fromB, toB, text }] = inserts;
  const { line, editable, floor } = ruleAt(tr.startState, fromA);
  if (!editable) return tr;
  const after = tr.startState.sliceDoc(toA, Math.max(toA, line.to));
  const result = placed(text, tr.startState.sliceDoc(line.from, fromA), floor, after);
  if (result === null) return tr;
  if (result.endsWith(text)) {
    // Only spaces before it: put them in as a second step, which maps the selection and effects.
    const pad = result.slice(0, -text.length);
    const taken = text.includes("\n") ? 0 : Math.min(indentOf(after), pad.length);
    return [tr, { changes: [{ from: fromB, insert: pad }, { from: toB, to: toB + taken }], sequential: true }];
  }
  return {
    changes: { from: fromA, to: toA, insert: result },
    selection: EditorSelection.cursor(fromA + result.length),
    effects: tr.effects, // what an earlier filter said of the text (js/editor/spaces.js)
    userEvent,
    scrollIntoView: true,
  };
});

/**
 * Whatever else moved it (a line typed after Home twice, a keyword that Python's indentation
 * moves, a block pasted in front of code), a line of code the learner changed never starts left
 * of its floor: it gets the spaces it lacks, once any text being composed is done. The last
 * filter to run.
 */
export const keepFloor = Prec.highest(EditorState.transactionFilter.of((tr) => {
  const userEvent = tr.annotation(Transaction.userEvent) ?? "";
  if (!tr.docChanged || !/^(input|delete)\b/.test(userEvent) || userEvent.endsWith(".compose")) return tr;
  const { state } = tr;
  const numbers = new Set();
  tr.changes.iterChangedRanges((fromA, toA, fromB, toB) => {
    for (let n = state.doc.lineAt(fromB).number; n <= state.doc.lineAt(toB).number; n++) numbers.add(n);
  });
  const pads = [];
  for (const n of numbers) {
    const line = state.doc.line(n);
    const { editable, floor } = state.facet(lineRule)(state, line);
    const indent = indentOf(line.text);
    if (editable && /\S/.test(line.text) && indent < floor) pads.push({ from: line.from, insert: " ".repeat(floor - indent) });
  }
  return pads.length ? [tr, { changes: pads, sequential: true }] : tr;
}));
