// Download your ember: the learner's ember as a zip, with their own code in every gap they wrote
// and the stub in the rest. It unpacks into a folder from which CPython imports ember.

import { strToU8, zipSync } from "fflate";
import { assemble } from "./assemble.js";
import { button } from "./dom.js";

const FOLDER = "my-ember";
// A line of Python to try for each module, once the learner has written its gaps.
const TRIES = [
  ["ember/neuron.py", "from ember.neuron import weighted_sum; print(weighted_sum([1.0, 2.0], [3.0, 4.0], 0.5))"],
  ["ember/scalar.py", "from ember.scalar import Value; print(Value(2.0) * Value(3.0))"],
  ["ember/nn.py", "from ember.nn import MLP; print(len(MLP(2, [16, 16, 1]).parameters()))"],
];

/**
 * The zip's files: ember's, as the learner has it, and a README.txt that says what is whose.
 * @param {{lesson: number|null, files: Object<string, Array>}} data the page's lesson data
 *   (site_src/plugin.py): a lesson's ember as it starts, or the whole course's
 * @param {(gap: string) => string|undefined} answerOf the learner's text for a gap
 * @returns {Object<string, string>} path in the zip → text
 */
export function emberFiles(data, answerOf) {
  const slots = Object.values(data.files).flat().filter((s) => typeof s !== "string");
  const mine = slots.filter((s) => answerOf(s.gap) !== undefined).map((s) => s.gap).sort();
  const stubs = slots.filter((s) => answerOf(s.gap) === undefined).map((s) => s.gap).sort();
  const which = data.lesson === null ? "the whole course's ember" : `your ember as lesson ${String(data.lesson).padStart(2, "0")} has it`;
  const readme = [
    `This is ${which}: the files of the ember package, with your code in the ${mine.length}`,
    `gap${mine.length === 1 ? "" : "s"} you filled, by typing or by loading the finished pieces${mine.length ? ` (${mine.join(", ")})` : ""}.`,
    stubs.length
      ? `The ${stubs.length} gap${stubs.length === 1 ? "" : "s"} you have not written yet (${stubs.join(", ")}) hold${stubs.length === 1 ? "s" : ""} a stub that raises NotImplementedError when it is called.`
      : "Every gap holds your code.",
    "",
    "ember needs Python 3.10 or newer and nothing else. In this folder, try:",
    "",
    ...TRIES.filter(([path]) => path in data.files).map(([, code]) => `    python3 -c "${code}"`),
    "",
  ].join("\n");
  const files = Object.entries(assemble(data.files, answerOf)).map(([path, text]) => [`${FOLDER}/${path}`, text]);
  return Object.fromEntries([[`${FOLDER}/README.txt`, readme], ...files]);
}

/** The files as the bytes of a zip. */
export function zip(files) {
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])), { level: 6 });
}

/**
 * A "Download your ember" button for the page's lesson data.
 * @param {{lesson: number|null, files: Object<string, Array>}} data
 * @param {(gap: string) => string|undefined} answerOf
 * @param {(message: string) => void} say where to tell the learner what happened
 * @returns {HTMLButtonElement}
 */
export function downloadButton(data, answerOf, say) {
  const saver = button("Download your ember");
  saver.addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([zip(emberFiles(data, answerOf))], { type: "application/zip" }));
    link.download = data.lesson === null ? "my-ember.zip" : `my-ember-lesson-${String(data.lesson).padStart(2, "0")}.zip`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    say(`Your ember was saved as ${link.download}. Unzip it and read its README.txt: Python imports it from that folder.`);
  });
  return saver;
}
