// A lab's file in an editor where only the editable gaps change: a Python editor (python.js)
// whose lines outside the gaps are locked. The file opens folded to its gaps; select-all in a
// gap selects its code; a Python syntax error that a gap causes is marked on the gap's line.
// Changes the page makes (a reset, a gap changed in another tab) are one undo step each in the
// gaps the learner edits here, and no step at all in the gaps shown locked.

import { codeFolding, foldEffect, foldKeymap, unfoldAll } from "@codemirror/language";
import { linter } from "@codemirror/lint";
import { Annotation, EditorSelection, EditorState, Prec, RangeSetBuilder, StateField, Transaction } from "@codemirror/state";
import { Decoration, EditorView, keymap } from "@codemirror/view";
import { smallestChange } from "../text.js";
import { lineRule } from "./indent.js";
import { pythonEditing, undoStep } from "./python.js";

/**
 * A region of a lab's file: a gap between marker lines. Positions are offsets in the document;
 * [from, to] spans the gap's text without its last newline; indent is its marker's indentation,
 * where its code starts.
 * @typedef {{name: string, from: number, to: number, editable: boolean, indent: string}} GapRange
 */

/**
 * A Python syntax error that a gap causes: the gap, the line of it (1-based), the column (0-based)
 * and Python's message.
 * @typedef {{gap: string, line: number, column: number, message: string}} Problem
 */

/** Marks a change made by the page (reset, a gap edited elsewhere), which may touch any gap. */
const fromPage = Annotation.define();

/** The gap ranges, carried through every change. */
const gapField = StateField.define({
  create: () => [],
  update(gaps, tr) {
    if (!tr.docChanged) return gaps;
    return gaps.map((gap) => ({
      ...gap,
      from: tr.changes.mapPos(gap.from, -1),
      to: tr.changes.mapPos(gap.to, 1),
    }));
  },
});

/** The editable gap that holds [from, to], or undefined. */
function editableGapAt(state, from, to = from) {
  return state.field(gapField).find((gap) => gap.editable && gap.from <= from && to <= gap.to);
}

/**
 * Allow a change only inside an editable gap, unless the page makes it; tell onLocked when the
 * learner's typing or deleting was refused.
 */
function onlyInGaps(onLocked) {
  return EditorState.changeFilter.of((tr) => {
    if (tr.annotation(fromPage)) return true;
    let inside = true;
    tr.changes.iterChangedRanges((fromA, toA) => {
      inside &&= Boolean(editableGapAt(tr.startState, fromA, toA));
    });
    if (!inside && /^(input|delete)\b/.test(tr.annotation(Transaction.userEvent) ?? "")) onLocked();
    return inside;
  });
}

/** A line is editable inside an editable gap, where its code starts at the gap's indentation. */
const gapLineRule = lineRule.of((state, line) => {
  const gap = editableGapAt(state, line.from, line.to);
  return gap ? { editable: true, floor: gap.indent.length, first: line.from === gap.from } : { editable: false, floor: 0, first: false };
});

const gapLine = Decoration.line({ class: "cm-gap-line" });
const lockedGapLine = Decoration.line({ class: "cm-gap-line cm-gap-line--locked" });
const markerLine = Decoration.line({ class: "cm-gap-marker" });

/** Shade the gaps' lines and their marker lines. */
const gapDecorations = EditorView.decorations.compute([gapField, "doc"], (state) => {
  const builder = new RangeSetBuilder();
  for (const gap of [...state.field(gapField)].sort((a, b) => a.from - b.from)) {
    const first = state.doc.lineAt(gap.from);
    const last = state.doc.lineAt(gap.to);
    builder.add(state.doc.line(first.number - 1).from, state.doc.line(first.number - 1).from, markerLine);
    for (let n = first.number; n <= last.number; n++) {
      const line = state.doc.line(n);
      builder.add(line.from, line.from, gap.editable ? gapLine : lockedGapLine);
    }
    builder.add(state.doc.line(last.number + 1).from, state.doc.line(last.number + 1).from, markerLine);
  }
  return builder.finish();
});

const ABOVE = 1; // lines shown above each gap's start marker
const BELOW = 2; // and below its end marker
const CODE_ABOVE = 8; // at most this many lines of the code a gap follows in its def

/**
 * The ranges to fold so that the file opens on its editable gaps: every line is folded away
 * except each such gap with the lines around it; the def it sits in, its whole signature and
 * docstring (what the gap is to do: what it takes and gives); the code between them and the gap
 * (such as a result the gap builds on); and the class the def is a method of, with its docstring
 * (the attributes the methods share).
 */
function foldAwayFromGaps(state, gaps) {
  const shown = new Set();
  const show = (from, to) => {
    for (let n = Math.max(1, from); n <= Math.min(state.doc.lines, to); n++) shown.add(n);
  };
  for (const gap of gaps.filter((g) => g.editable)) {
    const first = state.doc.lineAt(gap.from).number - 1; // the start marker
    const last = state.doc.lineAt(gap.to).number + 1; // the end marker
    show(first - ABOVE, last + BELOW);
    const def = blockAbove(state, first);
    if (def === null) continue;
    const body = showHead(state, def, show);
    show(Math.max(body, first - CODE_ABOVE), first - 1);
    const owner = blockAbove(state, def);
    if (owner !== null && /^\s*class /.test(state.doc.line(owner).text)) showHead(state, owner, show);
  }
  const ranges = [];
  let start = null;
  for (let n = 1; n <= state.doc.lines + 1; n++) {
    if (n <= state.doc.lines && !shown.has(n)) {
      start ??= n;
    } else if (start !== null) {
      if (n - start > 1) ranges.push({ from: state.doc.line(start).from, to: state.doc.line(n - 1).to });
      start = null;
    }
  }
  return ranges;
}

/** The line of the def or class that line (1-based) is inside, or null at the top level. */
function blockAbove(state, line) {
  let indent = indentOf(state.doc.line(line).text);
  for (let n = line - 1; n >= 1 && indent > 0; n--) {
    const text = state.doc.line(n).text;
    if (!text.trim()) continue;
    if (indentOf(text) < indent) {
      if (/^\s*(async\s+def|def|class)\s/.test(text)) return n;
      indent = indentOf(text); // an if or a for the line is in: look further out
    }
  }
  return null;
}

function indentOf(text) {
  return text.length - text.trimStart().length;
}

/**
 * Show a def's or a class's head: its line, the lines its signature goes on to, and the docstring
 * just under it. Returns the line after them.
 */
function showHead(state, line, show) {
  let end = line;
  while (end < state.doc.lines && !/:\s*(#.*)?$/.test(state.doc.line(end).text)) end++;
  const opening = end + 1 <= state.doc.lines ? state.doc.line(end + 1).text.trim() : "";
  const quote = opening.match(/^[rRbBuU]?("""|''')/)?.[1];
  if (quote) {
    end++;
    const closes = (text, from) => text.indexOf(quote, from) !== -1;
    if (!closes(opening, opening.indexOf(quote) + 3)) {
      while (end < state.doc.lines && !closes(state.doc.line(end + 1).text, 0)) end++;
      end = Math.min(end + 1, state.doc.lines);
    }
  }
  show(line, end);
  return end + 1;
}

/** How many lines a fold hides. */
function foldedLines(state, range) {
  return state.doc.lineAt(range.to).number - state.doc.lineAt(range.from).number + 1;
}

/**
 * A fold's placeholder: a button that shows the hidden lines. Out of the Tab order, which leaves
 * the editor after Esc and Tab; the keyboard has the lab's Show all lines.
 */
function foldPlaceholder(view, onclick, lines) {
  const button = document.createElement("button");
  button.type = "button";
  button.tabIndex = -1;
  button.className = "cm-foldPlaceholder ember-fold";
  button.textContent = `⋯ ${lines} hidden lines`;
  button.title = "Show them";
  button.addEventListener("click", onclick);
  return button;
}

/** A gap's code: from its first character of code to its last, without the indentation. */
function codeOf(state, gap) {
  const text = state.sliceDoc(gap.from, gap.to);
  const start = text.search(/\S/);
  if (start < 0) return EditorSelection.cursor(gap.to);
  return EditorSelection.range(gap.from + start, gap.from + text.trimEnd().length);
}

/** A transaction that selects range and scrolls it to the middle of the view, clear of the page's
 * sticky header, with lines around it to read: for a button outside the editor that takes the
 * learner there. */
function centred(range) {
  return { selection: range, effects: EditorView.scrollIntoView(range, { y: "center" }), userEvent: "select" };
}

/** Mod-a inside an editable gap selects the gap's code; pressed again, the whole file. */
function selectGap(view) {
  const { from, to } = view.state.selection.main;
  const gap = editableGapAt(view.state, from, to);
  if (!gap) return false;
  const code = codeOf(view.state, gap);
  if (from === code.from && to === code.to) return false;
  view.dispatch({ selection: code, scrollIntoView: true, userEvent: "select" });
  return true;
}

/** A change moved by offset. */
function shifted({ from, to, insert }, offset) {
  return { from: from + offset, to: to + offset, insert };
}

/**
 * The lint diagnostics for problems, each on its gap's line in this editor: from the column to
 * the end of the line (or the line's code, when the column is past its end).
 */
function diagnostics(state, problems) {
  const found = [];
  for (const problem of problems) {
    const gap = state.field(gapField).find((g) => g.name === problem.gap);
    if (!gap) continue;
    const first = state.doc.lineAt(gap.from).number;
    const last = state.doc.lineAt(gap.to).number;
    const line = state.doc.line(Math.min(first + problem.line - 1, last));
    const start = line.from + /^\s*/.exec(line.text)[0].length;
    const from = Math.min(Math.max(line.from + problem.column, start), line.to);
    found.push({ from: from === line.to ? start : from, to: line.to, severity: "error", message: problem.message, source: "Python" });
  }
  return found;
}

/** A gap's line (1-based in the gap; its last, past the end), as a line of the document. */
function lineOfGap(state, name, number) {
  const gap = state.field(gapField).find((g) => g.name === name);
  const last = state.doc.lineAt(gap.to).number;
  return state.doc.line(Math.min(state.doc.lineAt(gap.from).number + number - 1, last));
}

/**
 * Make an editor for a lab's file in which only the editable gaps can be changed.
 * @param {HTMLElement} parent
 * @param {{doc: string, label: string, gaps: GapRange[], texts?: () => string[],
 *   onChange: (name: string, text: string, before: string) => void,
 *   problems: () => Promise<Problem[]>, onLocked: () => void}} options
 *   onChange is called with an editable gap's new text and the text before (each without its
 *   last newline) after the learner changes it; problems finds the syntax errors to mark, a
 *   while after each change; onLocked is called when the learner types or deletes outside the
 *   gaps, which is refused; texts as for pythonEditing
 * @returns {{view: EditorView, text: (name: string) => string, selectCode: (name: string) => void,
 *   selectLine: (name: string, line: number) => void, cursorAfter: (name: string, line: number) => void,
 *   replace: (name: string, text: string, options?: {undoable?: boolean}) => void, showAll: () => void}}
 *   replace puts text in a gap; undoable false: another tab's edit, not undone here
 */
export function createGapEditor(parent, { doc, label, gaps, texts, onChange, problems, onLocked }) {
  const text = (state, name) => {
    const gap = state.field(gapField).find((g) => g.name === name);
    return state.sliceDoc(gap.from, gap.to);
  };
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        Prec.highest(keymap.of([{ key: "Mod-a", run: selectGap }])),
        gapField.init(() => gaps),
        onlyInGaps(onLocked),
        gapLineRule,
        gapDecorations,
        codeFolding({ preparePlaceholder: foldedLines, placeholderDOM: foldPlaceholder }),
        keymap.of(foldKeymap),
        pythonEditing({ label, texts }),
        linter(async (lintView) => diagnostics(lintView.state, await problems()), { delay: 500 }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          for (const gap of update.state.field(gapField)) {
            const after = text(update.state, gap.name);
            const before = text(update.startState, gap.name);
            if (gap.editable && after !== before) onChange(gap.name, after, before);
          }
        }),
      ],
    }),
  });
  view.dispatch({ effects: foldAwayFromGaps(view.state, gaps).map((range) => foldEffect.of(range)) });
  return {
    view,
    text: (name) => text(view.state, name),
    showAll: () => unfoldAll(view),
    selectCode(name) {
      const gap = view.state.field(gapField).find((g) => g.name === name);
      view.focus();
      view.dispatch(centred(codeOf(view.state, gap)));
    },
    /** Select the code of a gap's line (1-based in the gap; its last, past the end). */
    selectLine(name, number) {
      const line = lineOfGap(view.state, name, number);
      const start = line.from + /^\s*/.exec(line.text)[0].length;
      view.focus();
      view.dispatch(centred(EditorSelection.range(start, line.to)));
    },
    /** Put the cursor where a line goes after a gap's line (1-based; 0: before its first line):
     * at that line's end, or before the first line's code, ready for Enter. */
    cursorAfter(name, number) {
      const line = lineOfGap(view.state, name, Math.max(number, 1));
      const at = number ? line.to : line.from + /^\s*/.exec(line.text)[0].length;
      view.focus();
      view.dispatch(centred(EditorSelection.cursor(at)));
    },
    replace(name, value, { undoable = true } = {}) {
      const gap = view.state.field(gapField).find((g) => g.name === name);
      const before = view.state.sliceDoc(gap.from, gap.to);
      if (before === value) return;
      // In a gap edited here, one undo step of its own; in a locked one, or from another tab, none:
      // undo here must not revert another lab's edit, or another tab's.
      const changes = view.state.changes(shifted(smallestChange(before, value), gap.from));
      view.dispatch({
        changes,
        selection: view.state.selection.map(changes, 1), // a cursor where text comes in goes after it
        annotations: [fromPage.of(true), undoStep(undoable && gap.editable)],
      });
    },
  };
}
