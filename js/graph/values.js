// The numbers of a graph, without the page: Python's float printing, where a value came from,
// and the forward pass recomputed in JavaScript for an explorer.

/** A number as Python's repr prints a float: 2.0, 1e-05, 1e+16, -0.0, inf, nan. */
export function pyFloat(x) {
  const n = toNumber(x);
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const [mantissa, exponent] = n.toExponential().split("e");
  const e = Number(exponent);
  if (e < -4 || e >= 16) return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  const s = String(n);
  return s.includes(".") ? s : `${s}.0`;
}

/** The three lines of a value node, as its name says them: its label, data and grad, whole. */
export function valueLines(node) {
  return [node.label, `data ${pyFloat(node.data)}`, `grad ${pyFloat(node.grad)}`];
}

const DRAWN_AT_MOST = 10; // characters of a number drawn in a node, before it is cut to DIGITS
const DIGITS = 6; // significant digits of a number cut short

/** A number as a value node draws it: as pyFloat prints it, or, longer than DRAWN_AT_MOST
 * characters (a check's random data, 0.7234567891234567), to DIGITS significant digits and "…",
 * which says there are more: the node's name and its panel have it whole. */
export function drawnFloat(x) {
  const whole = pyFloat(x);
  return whole.length <= DRAWN_AT_MOST ? whole : `${pyFloat(Number(toNumber(x).toPrecision(DIGITS)))}…`;
}

/** The three lines of text a value node draws: its label, data and grad (drawnFloat). */
export function drawnLines(node) {
  return [node.label, `data ${drawnFloat(node.data)}`, `grad ${drawnFloat(node.grad)}`];
}

/** a ** k as Python's float power gives it (C99's pow), where JavaScript differs: 1 ** nan and
 * (-1) ** ±inf are 1.0 in Python, NaN in JavaScript. */
export function pyPow(a, k) {
  if (a === 1 || (a === -1 && (k === Infinity || k === -Infinity))) return 1;
  return a ** k;
}

const FLOAT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.?\d(?:_?\d)*|\d(?:_?\d)*\.)(?:e[+-]?\d(?:_?\d)*)?$/;

/**
 * Text read as Python's float() reads it: 2, -1e3, .5, 1_000, inf, -Infinity, nan.
 * @returns {number|null} null when Python would refuse it (as it does 0x10)
 */
export function parseFloatLikePython(text) {
  const s = text.trim().toLowerCase();
  const special = /^([+-]?)(inf|infinity|nan)$/.exec(s);
  if (special) return special[2] === "nan" ? NaN : special[1] === "-" ? -Infinity : Infinity;
  return FLOAT.test(s) ? Number(s.replace(/_/g, "")) : null;
}

/** A graph number as a JS number: hx writes inf, -inf and nan as strings. */
export function toNumber(x) {
  return typeof x === "string" ? { inf: Infinity, "-inf": -Infinity, nan: NaN }[x] ?? Number(x) : x;
}

/**
 * How a value came to be, in words and numbers, such as "z = #4 + b = 1.0 + 1.0 = 2.0".
 * @returns {{text: string, parents: object[]}}
 */
export function origin(graph, node) {
  const parents = graph.edges.filter(([, child]) => child === node.id).map(([p]) => graph.nodes[p]);
  const value = pyFloat(node.data);
  if (!node.op) return { text: `${node.label} is an input, a leaf: its value, ${value}, was given, not computed.`, parents };
  const names = parents.map((p) => p.label);
  const datas = parents.map((p) => pyFloat(p.data));
  let formula;
  if (parents.length === 2) {
    formula = `${names[0]} ${node.op} ${names[1]} = ${datas[0]} ${node.op} ${datas[1]}`;
  } else if (node.op.startsWith("**")) {
    formula = `${names[0]} ${node.op} = (${datas[0]})${node.op}`;
  } else if (node.op === "neg") {
    formula = `-${names[0]} = -(${datas[0]})`;
  } else {
    formula = `${node.op}(${names.join(", ")}) = ${node.op}(${datas.join(", ")})`;
  }
  return { text: `${node.label} = ${formula} = ${value}`, parents };
}

/**
 * Recompute every value from the leaves, as Value's forward pass would, for + * - neg / and
 * ** with a number; a node made by another op keeps its value. Nodes come parents first.
 * @returns {{graph?: object, error?: string}} the new graph, or the error Python would raise
 */
export function recompute(graph, leaves) {
  const nodes = graph.nodes.map((node) => ({ ...node, data: toNumber(node.data) }));
  for (const node of nodes) {
    if (!node.op) {
      if (node.id in leaves) node.data = leaves[node.id];
      continue;
    }
    const parents = graph.edges.filter(([, child]) => child === node.id).map(([p]) => nodes[p]);
    const [a, b] = parents.map((p) => p.data);
    const says = (what) => ({ error: `${node.label} = ${origin({ nodes, edges: graph.edges }, node).text.split(" = ")[1]}: ${what}` });
    if (node.op === "/" && b === 0) return says("ZeroDivisionError, as Python would raise");
    if (node.op === "+") node.data = a + b;
    else if (node.op === "*") node.data = a * b;
    else if (node.op === "-") node.data = a - b;
    else if (node.op === "/") node.data = a / b;
    else if (node.op === "neg") node.data = -a;
    else if (node.op.startsWith("**")) {
      const k = toNumber(node.op.slice(2));
      if (a === 0 && k < 0) return says("ZeroDivisionError, as Python would raise");
      if (a < 0 && Number.isFinite(k) && !Number.isInteger(k)) return says("ValueError: not a real number, as in Python");
      node.data = pyPow(a, k);
      if (!Number.isFinite(node.data) && Number.isFinite(a) && Number.isFinite(k)) return says("OverflowError, as Python would raise");
    }
  }
  return { graph: { ...graph, nodes } };
}
