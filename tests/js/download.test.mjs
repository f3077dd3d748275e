// Download your ember: the zip holds ember's files with the learner's code in the gaps they
// wrote, the stub in the rest, and a README.txt that says which is which.

import assert from "node:assert/strict";
import { test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { emberFiles, zip } from "../../js/download.js";

const lesson = {
  lesson: 13,
  files: {
    "ember/__init__.py": ["\"\"\"ember.\"\"\"\n"],
    "ember/nn.py": [
      "class Neuron:\n    def __call__(self, x):\n",
      { gap: "L13.neuron", stub: "        raise NotImplementedError\n", solution: null, marked: true, indent: "        " },
      "def relu(z):\n",
      { gap: "L03.relu", stub: "    raise NotImplementedError\n", solution: "    return max(0.0, z)\n", marked: false, indent: "    " },
    ],
  },
};

test("the learner's code fills the gaps they wrote, and the stub the rest", () => {
  const files = emberFiles(lesson, (gap) => (gap === "L13.neuron" ? "        return 1.0\n" : undefined));
  assert.deepEqual(Object.keys(files), ["my-ember/README.txt", "my-ember/ember/__init__.py", "my-ember/ember/nn.py"]);
  assert.match(files["my-ember/ember/nn.py"], /# --- gap L13.neuron ---\n        return 1.0\n        # --- end ---\n/);
  assert.match(files["my-ember/ember/nn.py"], /def relu\(z\):\n    raise NotImplementedError\n$/);
  assert.match(files["my-ember/README.txt"], /your ember as lesson 13 has it/);
  assert.match(files["my-ember/README.txt"], /in the 1\ngap you filled, by typing or by loading the finished pieces \(L13.neuron\)/);
  assert.match(files["my-ember/README.txt"], /The 1 gap you have not written yet \(L03.relu\) holds a stub/);
  // Only the modules this ember has are suggested.
  assert.match(files["my-ember/README.txt"], /from ember.nn import MLP/);
  assert.doesNotMatch(files["my-ember/README.txt"], /ember.scalar|ember.neuron/);
});

test("the whole course's ember, every gap written", () => {
  const files = emberFiles({ ...lesson, lesson: null }, () => "    pass\n");
  assert.match(files["my-ember/README.txt"], /the whole course's ember/);
  assert.match(files["my-ember/README.txt"], /Every gap holds your code/);
});

test("the zip unpacks to the same files", () => {
  const files = emberFiles(lesson, () => undefined);
  const unpacked = unzipSync(zip(files));
  assert.deepEqual(Object.fromEntries(Object.entries(unpacked).map(([path, bytes]) => [path, strFromU8(bytes)])), files);
});
