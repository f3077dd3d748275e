// A CodeMirror 6 editor for Python, coloured with Material's code palette so it follows the
// light and dark schemes.

import { minimalSetup } from "codemirror";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { Prec } from "@codemirror/state";
import { HighlightStyle, syntaxHighlighting, indentUnit } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { tags } from "@lezer/highlight";

/** Syntax colours from Material's --md-code-hl-* variables. */
const materialColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword], color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  { tag: tags.comment, color: "var(--md-code-hl-comment-color)", fontStyle: "italic" },
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
    extensions: [
      Prec.highest(keymap.of([{ key: "Shift-Enter", run: () => (onRun(), true) }])),
      lineNumbers(),
      minimalSetup,
      python(),
      indentUnit.of("    "),
      syntaxHighlighting(materialColours),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ "aria-label": label }),
    ],
  });
}
