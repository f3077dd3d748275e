// Completion: after a dot, the attribute and method names defined in the editor's file (and in
// the learner's ember, for a cell); on Ctrl+Space, also the names in scope and Python's
// builtins, from @codemirror/lang-python. Plain words typed open nothing, and a name typed out in
// full closes the list.

import { globalCompletion, localCompletionSource } from "@codemirror/lang-python";
import { syntaxTree } from "@codemirror/language";

const NOT_CODE = new Set(["String", "FormatString", "Comment"]);

/** The attributes and methods that text defines: `self.name =` and a def inside a class. */
export function memberNames(text) {
  const names = new Set();
  for (const [, name] of text.matchAll(/\bself\.([A-Za-z_]\w*)\s*[-+*/]?=(?!=)/g)) names.add(name);
  for (const [, name] of text.matchAll(/^[ \t]+def ([A-Za-z_]\w*)/gm)) names.add(name);
  return names;
}

/**
 * After `name.` (or `).` or `].`): the member names, without one already typed out in full.
 * @param {() => string[]} more names beyond the editor's own
 */
function members(more) {
  return (context) => {
    const typed = context.matchBefore(/[\w)\]]\.\w*$/);
    if (!typed || NOT_CODE.has(syntaxTree(context.state).resolveInner(context.pos, -1).name)) return null;
    const word = typed.text.slice(typed.text.indexOf(".") + 1);
    const names = new Set([...memberNames(context.state.doc.toString()), ...more()]);
    names.delete(word);
    if (!names.size) return null;
    const options = [...names].map((label) => ({ label, type: "property", boost: label.startsWith("_") ? -1 : 0 }));
    return { from: context.pos - word.length, options };
  };
}

/** A source that answers only when the learner asked (Ctrl+Space). */
function whenAsked(source) {
  return (context) => (context.explicit ? source(context) : null);
}

/**
 * The completion sources of an editor.
 * @param {() => string[]} more member names beyond those in the editor
 */
export function completionSources(more) {
  return [members(more), whenAsked(localCompletionSource), whenAsked(globalCompletion)];
}
