// Python editing for every editor of the site, as in a good Python editor: Python's own
// indentation on Enter, Tab and Shift+Tab that indent and dedent, Backspace that removes one
// level, Home and End on the whole line, pasted blocks placed at the line's indentation,
// wrapped lines with a hanging indent, completion after a dot or on Ctrl+Space, and Material's
// code colours for the light and dark schemes; non-breaking spaces that come in made plain outside
// strings. Escape then Tab leaves the editor (CodeMirror's tab focus mode).

import { acceptCompletion, autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, isolateHistory } from "@codemirror/commands";
import { HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { EditorState, Prec, Transaction } from "@codemirror/state";
import { EditorView, drawSelection, highlightSpecialChars, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { smallestChange } from "../text.js";
import { completionSources } from "./complete.js";
import { editingKeys, keepFloor, placeInput } from "./indent.js";
import { plainSpacesOnInput } from "./spaces.js";
import { hangingIndent } from "./wrap.js";

/** Syntax colours from Material's --md-code-hl-* variables. */
const materialColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword], color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  { tag: tags.comment, color: "var(--ember-code-comment)", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "var(--md-code-hl-function-color)" },
  { tag: [tags.definition(tags.variableName), tags.className], color: "var(--md-code-hl-constant-color)" },
  // Brackets, commas and the dot keep the code's own colour: a span for each would make a page of
  // editors thousands of elements larger. No white-space style here: inside a token's span, Firefox
  // types a space as U+00A0, which Python refuses.
  { tag: [tags.arithmeticOperator, tags.compareOperator, tags.updateOperator, tags.definitionOperator,
    tags.bitwiseOperator], color: "var(--md-code-hl-operator-color)" },
  { tag: tags.self, color: "var(--md-code-hl-special-color)" },
]);

/**
 * What every editor has: line numbers, history, Python with its indentation and completion,
 * the editing keys, Material's colours, wrapped lines with a hanging indent, and a name.
 * @param {{label: string, describedBy?: string, texts?: () => string[]}} options label is the
 *   editor's accessible name; describedBy the id of an element that describes it; texts gives the
 *   text of other files whose names completion offers after a dot
 * @returns {import("@codemirror/state").Extension}
 */
export function pythonEditing({ label, describedBy, texts = () => [] }) {
  return [
    lineNumbers(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    python(),
    indentUnit.of("    "),
    EditorState.tabSize.of(4),
    indentOnInput(),
    closeBrackets(),
    // No option is chosen until the learner picks one with the arrow keys: Enter after a word
    // always starts a new line. Enter or Tab takes the one picked.
    autocompletion({ override: completionSources(texts), icons: false, selectOnOpen: false }),
    placeInput,
    plainSpacesOnInput,
    keepFloor,
    Prec.high(keymap.of([{ key: "Tab", run: acceptCompletion }, ...editingKeys])),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
    syntaxHighlighting(materialColours),
    EditorView.lineWrapping,
    hangingIndent,
    EditorView.contentAttributes.of({ "aria-label": label, ...(describedBy && { "aria-describedby": describedBy }) }),
    // The page's sticky header covers the top of the window: scroll what is selected below it.
    EditorView.scrollMargins.of(() => ({ top: document.querySelector(".md-header")?.offsetHeight ?? 0 })),
  ];
}

/**
 * Make a free editor, as a code cell has, inside parent.
 * @param {HTMLElement} parent
 * @param {{doc: string, label: string, describedBy?: string, onRun: () => void,
 *   onChange?: (text: string, before: string) => void, texts?: () => string[]}} options onRun is
 *   called on Shift+Enter; onChange with the whole text after each change, and before it; label,
 *   describedBy and texts as for pythonEditing
 * @returns {EditorView}
 */
export function createEditor(parent, { doc, label, describedBy, onRun, onChange = () => {}, texts }) {
  return new EditorView({
    doc,
    parent,
    extensions: [
      Prec.highest(keymap.of([{ key: "Shift-Enter", run: () => (onRun(), true) }])),
      pythonEditing({ label, describedBy, texts }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) onChange(update.state.doc.toString(), update.startState.doc.toString());
      }),
    ],
  });
}

/**
 * Put text in a free editor: a change the page makes (Reset, an import), as one undo step of its
 * own, which Ctrl+Z takes back; or another tab's edit, which is not undone here: Ctrl+Z in a tab
 * undoes that tab's own changes only.
 * @param {EditorView} view
 * @param {string} text
 * @param {{undoable?: boolean}} [options] undoable false: another tab's edit
 */
export function replaceText(view, text, { undoable = true } = {}) {
  const before = view.state.doc.toString();
  if (before === text) return;
  const changes = view.state.changes(smallestChange(before, text));
  // A cursor where text comes in goes after it, as when the learner typed it.
  view.dispatch({ changes, selection: view.state.selection.map(changes, 1), annotations: undoStep(undoable) });
}

/** How a change the page makes enters the undo history: as a step of its own, or not at all. */
export function undoStep(undoable) {
  return undoable ? isolateHistory.of("full") : Transaction.addToHistory.of(false);
}
