// The pure parts of editing: where typed or pasted text goes (js/editor/indent.js), and two
// tabs' edits of one text joined (js/text.js).

import assert from "node:assert/strict";
import { test } from "node:test";
import { placed } from "../../js/editor/indent.js";
import { merge, smallestChange } from "../../js/text.js";

const HINT = "self.data = float(data)\nself.grad = 0.0";

test("a flush-left block pasted into a gap goes to the gap's indentation", () => {
  assert.equal(placed(HINT, "", 8), "        self.data = float(data)\n        self.grad = 0.0");
  assert.equal(placed(HINT, "        ", 8), "self.data = float(data)\n        self.grad = 0.0");
});

test("a block that is already indented keeps its own shape, at the cursor's column", () => {
  const block = "        if x:\n            y = 1\n        z = 2\n";
  assert.equal(placed(block, "        ", 8), "if x:\n            y = 1\n        z = 2\n");
  assert.equal(placed(block, "            ", 8), "if x:\n                y = 1\n            z = 2\n");
});

test("a block copied from the middle of a line keeps its later lines' shape", () => {
  assert.equal(placed("x = 1\n        y = 2\n        z = 3", "", 8), "        x = 1\n        y = 2\n        z = 3");
  assert.equal(placed("for a in b:\n    c(a)", "", 8), "        for a in b:\n            c(a)");
});

test("a key typed left of the floor is moved to it; typed inside the code it is left alone", () => {
  assert.equal(placed("s", "", 8), "        s");
  assert.equal(placed("s", "    ", 8), "    s");
  assert.equal(placed("s", "            ", 8), null);
  assert.equal(placed("s", "        x = ", 8), null);
  assert.equal(placed("(\n", "        f", 8), null);
});

test("after code on the line, the lines that follow go at the line's indentation", () => {
  assert.equal(placed("[\n    1,\n]", "        x = ", 8), "[\n            1,\n        ]");
});

test("\\r\\n in pasted text becomes \\n, and tabs in its indentation become spaces", () => {
  assert.equal(placed("a = 1\r\nb = 2", "", 4), "    a = 1\n    b = 2");
  assert.equal(placed("\tx = 1\n\tif x:\n\t\ty = 2", "", 8), "        x = 1\n        if x:\n            y = 2");
  assert.equal(placed("\tx = 1\n\ty = 2", "", 8), "        x = 1\n        y = 2");
});

test("a block that ends with a line break leaves the code after it at the block's column", () => {
  assert.equal(placed("x = 1\n", "        ", 8, "raise Error()"), "x = 1\n        ");
  assert.equal(placed("x = 1\n", "        ", 8, ""), null); // nothing after it: as it is
  assert.equal(placed("        b = 2\n", "", 8, "        a = 1"), null); // a whole line moved: as it is
  assert.equal(placed("b = 2\n", "", 8, "        a = 1"), "        b = 2\n");
});

test("the smallest change between two texts is one span", () => {
  assert.deepEqual(smallestChange("abcdef", "abXYef"), { from: 2, to: 4, insert: "XY" });
  assert.deepEqual(smallestChange("aaa", "aaaa"), { from: 3, to: 3, insert: "a" });
  assert.deepEqual(smallestChange("same", "same"), { from: 4, to: 4, insert: "" });
});

test("two tabs' edits of one text are both kept", () => {
  assert.equal(merge("return x", "return x + 1", "return 2 * x"), "return 2 * x + 1");
  assert.equal(merge("ab", "aXb", "aYb"), "aXYb");
  assert.equal(merge("abc", "abc", "aZc"), "aZc");
  // Overlapping edits: ours is kept, and the text theirs added follows it.
  assert.equal(merge("abcd", "aXd", "aYd"), "aXYd");
});

test("Enter after a colon far down a long file indents, though the first parse stopped short of it", async () => {
  const { EditorState } = await import("@codemirror/state");
  const { python } = await import("@codemirror/lang-python");
  const { indentUnit, syntaxTree } = await import("@codemirror/language");
  const { newlineFromTree } = await import("../../js/editor/indent.js");
  const filler = "x = 1\n".repeat(2000); // 12,000 characters: more than the first parse covers
  const doc = `${filler}def f():\n    for v in values:`;
  let state = EditorState.create({ doc, selection: { anchor: doc.length }, extensions: [python(), indentUnit.of("    ")] });
  assert.ok(syntaxTree(state).length < doc.length, "the first parse should stop short of the cursor");
  const view = {
    get state() { return state; },
    dispatch: (spec) => { state = (spec.state ? spec : state.update(spec)).state; },
  };
  assert.equal(newlineFromTree(view), true);
  assert.ok(state.doc.toString().endsWith("    for v in values:\n        "));
});

test("Shift+Tab on the blank line that Enter made moves the cursor back a level, as Python editors do", async () => {
  const { EditorState } = await import("@codemirror/state");
  const { editingKeys } = await import("../../js/editor/indent.js");
  const shiftTab = editingKeys.find((binding) => binding.key === "Tab").shift;
  const press = (doc, anchor = doc.length) => {
    let state = EditorState.create({ doc, selection: { anchor } });
    shiftTab({ get state() { return state; }, dispatch: (spec) => { state = state.update(spec).state; } });
    return [state.doc.toString(), state.selection.main.head];
  };
  assert.deepEqual(press("def f():\n    if x:\n        return\n        "), ["def f():\n    if x:\n        return\n    ", 38]);
  const several = "if x:\n    a\n    \n    b\n";
  let state = EditorState.create({ doc: several, selection: { anchor: 6, head: several.length - 1 } });
  shiftTab({ get state() { return state; }, dispatch: (spec) => { state = state.update(spec).state; } });
  assert.equal(state.doc.toString(), "if x:\na\n    \nb\n", "a blank line among several keeps its spaces");
});

test("non-breaking spaces pasted into code become spaces, but inside a string, said once", async () => {
  const { EditorState } = await import("@codemirror/state");
  const { python } = await import("@codemirror/lang-python");
  const { showPanel } = await import("@codemirror/view");
  const { plainSpacesOnInput } = await import("../../js/editor/spaces.js");
  const nb = "\u00a0";
  let state = EditorState.create({ doc: "", extensions: [python(), plainSpacesOnInput] });
  const notes = () => state.facet(showPanel).filter(Boolean).length;
  const input = (insert, userEvent) => {
    state = state.update({ changes: { from: state.doc.length, insert }, userEvent }).state;
  };
  input(`x${nb}=${nb}f("a${nb}b")${nb}+${nb}1\n`, "input.paste");
  assert.equal(state.doc.toString(), `x = f("a${nb}b") + 1\n`);
  assert.equal(notes(), 1);
  input("y = 2\n", "input.type");
  assert.equal(notes(), 0);
  input(`z${nb}= 3\n`, "input.drop");
  assert.equal(state.doc.toString(), `x = f("a${nb}b") + 1\ny = 2\nz = 3\n`);
  assert.equal(notes(), 0, "said once, not at every one");
  input(`w${nb}`, "input.type");
  assert.ok(state.doc.toString().endsWith(`w${nb}`), "a typed key is left as the keyboard gave it");
  state = state.update({ changes: { from: 0, insert: nb } }).state;
  assert.equal(state.doc.toString()[0], nb, "a change the page makes (a reset, another tab) is left as it is");
});

test("an odd space is plain in code and kept in a string's text, whatever the strings around it", async () => {
  const { EditorState } = await import("@codemirror/state");
  const { python } = await import("@codemirror/lang-python");
  const { showPanel } = await import("@codemirror/view");
  const { plainSpacesOnInput } = await import("../../js/editor/spaces.js");
  const { placeInput } = await import("../../js/editor/indent.js");
  const nb = "\u00a0";
  const pasted = (text) => {
    const state = EditorState.create({ doc: "x = 0\n", extensions: [python(), placeInput, plainSpacesOnInput] });
    const after = state.update({ changes: { from: 6, insert: text }, userEvent: "input.paste" }).state;
    return [after.doc.toString().slice(6), after.facet(showPanel).filter(Boolean).length];
  };
  const s = (text) => text.replaceAll("~", nb);
  assert.deepEqual(pasted(s(`x~=~"a~b"~+~"c~d"`)), [s(`x = "a~b" + "c~d"`), 1]);
  assert.deepEqual(pasted(s(`x~=~"a~b"~+~'c~d'`)), [s(`x = "a~b" + 'c~d'`), 1]);
  assert.deepEqual(pasted(s(`r"a~b"~+~b'c~d'`)), [s(`r"a~b" + b'c~d'`), 1]);
  assert.deepEqual(pasted(s(`f"a~{x~+~1}~b"`)), [s(`f"a~{x + 1}~b"`), 1], "an f-string's {…} is code");
  assert.deepEqual(pasted(s(`f"{d[~'k~']~}~x"~#~c`)), [s(`f"{d[ 'k~'] }~x" # c`), 1]);
  assert.deepEqual(pasted("y\u202f=\u30001"), ["y = 1", 1], "a narrow no-break space and an ideographic one too");
  assert.deepEqual(pasted(s("~~~~if~x:\n~~~~~~~~y~=~1")), ["if x:\n    y = 1", 1], "a block placed at its indentation says so too");
  const many = Array.from({ length: 1000 }, (_, i) => s(`x${i} = "a~b"  # c`)).join("\n");
  assert.equal(pasted(many)[0], many, "a long paste: every string keeps its own");
});
