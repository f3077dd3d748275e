// Wrapped lines with a hanging indent: the rows after a line's first start right of its code (four
// columns, two on a narrow screen), so Python's indentation stays visible on a phone.

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

/** The first row keeps its place (text-indent pulls it back); the rows after it start at the padding. */
const columns = "(var(--indent, 0) + var(--ember-hang))";
const theme = EditorView.baseTheme({
  "&": { "--ember-hang": "4" }, // 2 on a narrow screen: js/cell.css
  ".cm-line": { paddingLeft: `calc(${columns} * 1ch + 6px)`, textIndent: `calc(${columns} * -1ch)` },
});

/** The hanging indent of every line in view. */
export const hangingIndent = [lines, theme];
