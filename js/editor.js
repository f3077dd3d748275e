// CodeMirror 6 editors for Python, coloured with Material's code palette so they follow the
// light and dark schemes: a free editor for cells, and a lab editor where only gaps change.

import { minimalSetup } from "codemirror";
import { Decoration, EditorView, keymap, lineNumbers } from "@codemirror/view";
import { Annotation, EditorState, Prec, RangeSetBuilder, StateField, Transaction } from "@codemirror/state";
import {
  HighlightStyle, codeFolding, foldEffect, foldKeymap, indentUnit, syntaxHighlighting,
} from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";

/** Syntax colours from Material's --md-code-hl-* variables. */
const materialColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword], color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  { tag: tags.comment, color: "var(--ember-code-comment)", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "var(--md-code-hl-function-color)" },
  { tag: [tags.definition(tags.variableName), tags.className], color: "var(--md-code-hl-constant-color)" },
  { tag: [tags.operator, tags.punctuation], color: "var(--md-code-hl-operator-color)" },
  { tag: tags.self, color: "var(--md-code-hl-special-color)" },
]);

/**
 * Make an editor inside parent.
 * @param {HTMLElement} parent
 * @param {{doc: string, label: string, onRun: () => void}} options
 *   label is the editor's accessible name; onRun is called on Shift+Enter.
 * @returns {EditorView}
 */
export function createEditor(parent, { doc, label, onRun }) {
  return new EditorView({
    doc,
    parent,
    extensions: [Prec.highest(keymap.of([{ key: "Shift-Enter", run: () => (onRun(), true) }])), ...pythonEditing(label)],
  });
}

/** What every editor has: line numbers, history, Python, Material's colours, and a name. */
function pythonEditing(label) {
  return [
    lineNumbers(),
    minimalSetup,
    python(),
    indentUnit.of("    "),
    syntaxHighlighting(materialColours),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ "aria-label": label }),
  ];
}

/**
 * A region of a lab's file: a gap between marker lines. Positions are offsets in the document;
 * [from, to] spans the gap's text without its last newline.
 * @typedef {{name: string, from: number, to: number, editable: boolean}} GapRange
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

/** Allow a change only inside an editable gap, unless the page makes it. */
const onlyInGaps = EditorState.changeFilter.of((tr) => {
  if (tr.annotation(fromPage)) return true;
  const gaps = tr.startState.field(gapField).filter((gap) => gap.editable);
  let inside = true;
  tr.changes.iterChangedRanges((fromA, toA) => {
    inside &&= gaps.some((gap) => gap.from <= fromA && toA <= gap.to);
  });
  return inside;
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

/**
 * The ranges to fold so that the file opens on its editable gaps: every line is folded away
 * except each such gap with the lines around it, and the def line the gap sits in.
 */
function foldAwayFromGaps(state, gaps) {
  const shown = new Set();
  for (const gap of gaps.filter((g) => g.editable)) {
    const first = state.doc.lineAt(gap.from).number - 1; // the start marker
    const last = state.doc.lineAt(gap.to).number + 1; // the end marker
    for (let n = Math.max(1, first - ABOVE); n <= Math.min(state.doc.lines, last + BELOW); n++) shown.add(n);
    for (let n = first - 1; n >= 1; n--) {
      if (/^\s*(def|class) /.test(state.doc.line(n).text)) {
        shown.add(n);
        break;
      }
    }
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

/** How many lines a fold hides. */
function foldedLines(state, range) {
  return state.doc.lineAt(range.to).number - state.doc.lineAt(range.from).number + 1;
}

/** A fold's placeholder: a button that shows the hidden lines. */
function foldPlaceholder(view, onclick, lines) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cm-foldPlaceholder ember-fold";
  button.textContent = `⋯ ${lines} hidden lines`;
  button.title = "Show them";
  button.addEventListener("click", onclick);
  return button;
}

/** Mod-a inside an editable gap selects the gap's text; pressed again, the whole file. */
function selectGap(view) {
  const { from, to } = view.state.selection.main;
  const gap = view.state.field(gapField).find((g) => g.editable && g.from <= from && to <= g.to);
  if (!gap || (from === gap.from && to === gap.to)) return false;
  view.dispatch({ selection: { anchor: gap.from, head: gap.to } });
  return true;
}

/**
 * Make an editor for a lab's file in which only the editable gaps can be changed.
 * @param {HTMLElement} parent
 * @param {{doc: string, label: string, gaps: GapRange[], onChange: (name: string, text: string) => void}} options
 *   onChange is called with a gap's new text (without its last newline) after the learner edits it.
 * @returns {{view: EditorView, text: (name: string) => string, replace: (name: string, text: string) => void}}
 */
export function createGapEditor(parent, { doc, label, gaps, onChange }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        Prec.highest(keymap.of([{ key: "Mod-a", run: selectGap }])),
        gapField.init(() => gaps),
        onlyInGaps,
        gapDecorations,
        codeFolding({ preparePlaceholder: foldedLines, placeholderDOM: foldPlaceholder }),
        keymap.of(foldKeymap),
        ...pythonEditing(label),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged || update.transactions.some((tr) => tr.annotation(fromPage))) return;
          for (const gap of update.state.field(gapField)) {
            if (gap.editable) onChange(gap.name, text(update.state, gap.name));
          }
        }),
      ],
    }),
  });
  view.dispatch({ effects: foldAwayFromGaps(view.state, gaps).map((range) => foldEffect.of(range)) });
  const text = (state, name) => {
    const gap = state.field(gapField).find((g) => g.name === name);
    return state.sliceDoc(gap.from, gap.to);
  };
  return {
    view,
    text: (name) => text(view.state, name),
    replace(name, value) {
      const gap = view.state.field(gapField).find((g) => g.name === name);
      if (view.state.sliceDoc(gap.from, gap.to) === value) return;
      // Not in this editor's undo history: undo here must not revert another lab's edit.
      view.dispatch({
        changes: { from: gap.from, to: gap.to, insert: value },
        annotations: [fromPage.of(true), Transaction.addToHistory.of(false)],
      });
    },
  };
}
