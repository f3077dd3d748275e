// Non-breaking spaces (U+00A0) pasted or dropped into code: text copied from a web page or a chat
// brings them. Python refuses them outside a string ("invalid non-printable character U+00A0"),
// so they are made plain spaces as they come in, and a line under the editor says so, the first
// time only. Inside a string they are the learner's own text and stay. Typed keys are left as
// they are: an editor that types U+00A0 for the space bar is a defect to mend at its cause (a
// white-space style on a token's span did that in Firefox), not to hide.

import { ensureSyntaxTree } from "@codemirror/language";
import { StateEffect, StateField, Transaction, EditorState } from "@codemirror/state";
import { showPanel } from "@codemirror/view";

const NBSP = "\u00a0";

/** Marks the transaction that made non-breaking spaces plain. */
const madePlain = StateEffect.define();

/** Whether a position of state is inside a string literal (an f-string's too). */
function inString(state, pos) {
  const tree = ensureSyntaxTree(state, state.doc.length, 50);
  for (let node = tree?.resolveInner(pos, 1); node; node = node.parent) {
    if (node.name === "String" || node.name === "FormatString") return node.from < pos;
  }
  return false;
}

/** The changes that make each non-breaking space of the inserted ranges of tr, outside a string, a space. */
function plainSpaces(tr) {
  const changes = [];
  tr.changes.iterChanges((fromA, toA, fromB, toB, inserted) => {
    const text = inserted.toString();
    for (let at = text.indexOf(NBSP); at >= 0; at = text.indexOf(NBSP, at + 1)) {
      if (!inString(tr.state, fromB + at)) changes.push({ from: fromB + at, to: fromB + at + 1, insert: " " });
    }
  });
  return changes;
}

const madePlainOnce = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || !/^input\.(paste|drop)$/.test(tr.annotation(Transaction.userEvent) ?? "")) return tr;
  let any = false;
  tr.changes.iterChanges((fromA, toA, fromB, toB, inserted) => (any ||= inserted.toString().includes(NBSP)));
  const changes = any ? plainSpaces(tr) : [];
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
  dom.textContent = "Non-breaking spaces that came in with this text are now plain spaces: Python reads "
    + "only plain spaces in code.";
  return { dom, top: false };
}

/** Non-breaking spaces outside strings made plain as they are pasted or dropped, said once under the editor. */
export const plainSpacesOnInput = [madePlainOnce, told];
