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

test("\\r\\n in pasted text becomes \\n", () => {
  assert.equal(placed("a = 1\r\nb = 2", "", 4), "    a = 1\n    b = 2");
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
