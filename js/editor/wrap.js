// Wrapped lines with a hanging indent: the rows after a line's first start right of its code (four
// columns, two on a narrow screen), so Python's indentation stays visible on a phone, and keep 30
// columns for code however deep the line is.

import { RangeSetBuilder } from "@codemirror/state";
import { Decoration, EditorView, ViewPlugin } from "@codemirror/view";

/** One decoration per indentation, made once: it gives the line its indentation, --indent. */
const byIndent = new Map();

function hanging(indent) {
  if (!byIndent.has(indent)) byIndent.set(indent, Decoration.line({ attributes: { style: `--indent: ${indent}` } }));
  return byIndent.get(indent);
}

function decorate(view) {
  const builder = new RangeSetBuilder();
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to;) {
      const line = view.state.doc.lineAt(pos);
      builder.add(line.from, line.from, hanging(/^ */.exec(line.text)[0].length));
      pos = line.to + 1;
    }
  }
  return builder.finish();
}

const lines = ViewPlugin.fromClass(class {
  constructor(view) {
    this.decorations = decorate(view);
  }

  update(update) {
    if (update.docChanged || update.viewportChanged) this.decorations = decorate(update.view);
  }
}, { decorations: (plugin) => plugin.decorations });

/** Columns a wrapped row keeps for code, however deep its line is indented. */
const ROW = 30;

/**
 * How far the rows after a line's first start right of its first: its indentation and the hang,
 * but never so far that fewer than ROW columns are left for code. cqw is of the lines' width, the
 * content's (a container); a percentage would be of the editor in the padding but of the line
 * itself in text-indent. The first row keeps its place (text-indent pulls it back); the rows after
 * it start at the padding.
 */
const hang = `min(calc((var(--indent, 0) + var(--ember-hang)) * 1ch), max(0px, calc(100cqw - ${ROW}ch - 8px)))`;
const theme = EditorView.baseTheme({
  "&": { "--ember-hang": "4" }, // 2 on a narrow screen: js/cell.css
  ".cm-content": { containerType: "inline-size" },
  ".cm-line": { paddingLeft: `calc(${hang} + 6px)`, textIndent: `calc(-1 * ${hang})` },
});

/** The hanging indent of every line in view. */
export const hangingIndent = [lines, theme];
