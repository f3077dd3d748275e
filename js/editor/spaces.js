// Non-breaking spaces (U+00A0) and the other odd spaces of Unicode (U+2000 to U+200A, U+202F,
// U+205F, U+3000) pasted or dropped into code: text copied from a web page, a chat or a document
// brings them. Python refuses them outside a string ("invalid non-printable character U+00A0"), so
// they are made plain spaces as they come in, and a line under the editor says so, the first time
// only. Inside a string's text they are the learner's own and stay; inside an f-string's {…} they
// are code. Typed keys are left as they are: an editor that types U+00A0 for the space bar is a
// defect to mend at its cause (a white-space style on a token's span did that in Firefox), not to
// hide.

import { pythonLanguage } from "@codemirror/lang-python";
import { EditorState, StateEffect, StateField, Transaction } from "@codemirror/state";
import { showPanel } from "@codemirror/view";

const ODD = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

/** Marks the transaction that made odd spaces plain. */
const madePlain = StateEffect.define();

/**
 * Whether a position of a syntax tree is inside a string's text: in a string (an f-string's
 * literal part too), not in one of an f-string's {…}, unless in a string inside that.
 * @param {import("@lezer/common").Tree} tree
 * @param {number} pos
 */
function inStringText(tree, pos) {
  for (let node = tree.resolveInner(pos, 1); node; node = node.parent) {
    if (node.name === "FormatReplacement") return false;
    if (node.name === "String" || node.name === "FormatString") return node.from < pos;
  }
  return false;
}

/** The changes that make each odd space that came in with tr, outside a string's text, plain. The
 * text is parsed whole, with every odd space already plain: a parse of the text as it came would
 * take them for errors, and misplace where strings start and end. */
function plainSpaces(tr) {
  const inserted = [];
  tr.changes.iterChanges((fromA, toA, fromB, toB, text) => {
    for (const match of text.toString().matchAll(ODD)) inserted.push(fromB + match.index);
  });
  if (!inserted.length) return [];
  const tree = pythonLanguage.parser.parse(tr.newDoc.toString().replace(ODD, " "));
  return inserted.filter((pos) => !inStringText(tree, pos)).map((pos) => ({ from: pos, to: pos + 1, insert: " " }));
}

const madePlainOnce = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || !/^input\.(paste|drop)$/.test(tr.annotation(Transaction.userEvent) ?? "")) return tr;
  const changes = plainSpaces(tr);
  return changes.length ? [tr, { changes, sequential: true, effects: madePlain.of(null) }] : tr;
});

/** "never", "showing" (from the first change that made spaces plain to the learner's next), or "said". */
const told = StateField.define({
  create: () => "never",
  update(value, tr) {
    if (tr.effects.some((effect) => effect.is(madePlain))) return value === "never" ? "showing" : value;
    return value === "showing" && tr.docChanged ? "said" : value;
  },
  provide: (field) => showPanel.from(field, (value) => (value === "showing" ? note : null)),
});

function note() {
  const dom = document.createElement("div");
  dom.className = "ember-editor-note";
  dom.setAttribute("role", "status");
  dom.textContent = "Non-breaking and other odd spaces that came in with this text are now plain spaces: "
    + "Python reads only plain spaces in code.";
  return { dom, top: false };
}

/** Odd spaces outside strings' text made plain as they are pasted or dropped, said once under the editor. */
export const plainSpacesOnInput = [madePlainOnce, told];
