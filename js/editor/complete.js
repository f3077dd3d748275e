// Completion: after a dot, the attribute and method names that the editor's file (and the
// learner's ember, for a cell) defines; after `self.` inside a class, only those of that class
// and its base classes. On Ctrl+Space, also the names in scope and Python's builtins, from
// @codemirror/lang-python. Plain words typed open nothing, and a name typed out in full closes
// the list.

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

/** Each top-level class of the texts by name: its base classes' names and its text. */
function classesOf(texts) {
  const classes = new Map();
  for (const text of texts) {
    for (const part of text.split(/^(?=class )/m).filter((p) => p.startsWith("class "))) {
      const [, name, bases = ""] = /^class (\w+)(?:\(([^)]*)\))?/.exec(part);
      classes.set(name, { bases: bases.split(",").map((b) => b.trim()).filter(Boolean), text: part });
    }
  }
  return classes;
}

/** The member names of a class and of its base classes, as far as the texts define them. */
function classMembers(name, classes, seen = new Set()) {
  const found = classes.get(name);
  if (!found || seen.has(name)) return new Set();
  seen.add(name);
  return new Set([...memberNames(found.text), ...found.bases.flatMap((base) => [...classMembers(base, classes, seen)])]);
}

/** The name of the class whose body holds pos, or null. */
function enclosingClass(state, pos) {
  for (let node = syntaxTree(state).resolveInner(pos, -1); node; node = node.parent) {
    if (node.name === "ClassDefinition") {
      const name = node.getChild("VariableName");
      return name ? state.sliceDoc(name.from, name.to) : null;
    }
  }
  return null;
}

/**
 * After `name.` (or `).` or `].`): the member names, without one already typed out in full.
 * @param {() => string[]} more the texts of files beyond the editor's own
 */
function members(more) {
  return (context) => {
    const typed = context.matchBefore(/(\w+|[)\]])\.\w*$/);
    if (!typed || NOT_CODE.has(syntaxTree(context.state).resolveInner(context.pos, -1).name)) return null;
    const [object, word] = typed.text.split(".");
    const texts = [...more(), context.state.doc.toString()]; // the editor's own text last: it wins
    const owner = object === "self" ? enclosingClass(context.state, context.pos) : null;
    const names = owner ? classMembers(owner, classesOf(texts)) : new Set(texts.flatMap((text) => [...memberNames(text)]));
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
 * @param {() => string[]} more the texts of files beyond the editor's own, whose names are
 *   offered too
 */
export function completionSources(more) {
  return [members(more), whenAsked(localCompletionSource), whenAsked(globalCompletion)];
}
