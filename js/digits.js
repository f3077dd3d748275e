// Lesson 18's digits: 8 × 8 images of handwritten digits, and a pad that a network reads a
// drawing with as it is drawn, its 10 scores shown as bars (hx.show_digits; site_src/runtime/
// pad.py gives the JSON). The network runs in the page (js/network/forward.js), so the scores
// follow the pen, and still come while Python trains.
//
// The pad keeps a 32 × 32 bitmap, as the UCI digits were drawn, and the network reads 64 pixels,
// each the inked share of a 4 × 4 block (js/network/pixels.js). A drawing begun with the pen is
// fitted first, as every image of the set is, and beside its Clear button the pad shows what the
// network reads; a drawing begun from the keyboard, and an image put on the pad, are read as they
// are, until the pad is empty again. A mouse, a pen or a finger inks the bitmap (Shift, or a pen's
// eraser, rubs it out); from the keyboard, the pad is one Tab stop whose arrows move between
// pixels, Space or Enter inks or clears a whole pixel, and Delete clears it. Each image below is a
// button that puts it on the pad, and brings the pad into view.

import { bringIntoView, button, make, readJson, svg } from "./dom.js";
import { forward } from "./network/forward.js";
import { BLOCK, FINE, SIDE, blocks, draw as drawMark, fitted } from "./network/pixels.js";

const pads = new WeakMap(); // figure → its pad

/**
 * Mount a figure rendered by site_src/fences/digits.py: draw it from the page's JSON.
 * @param {HTMLElement} figure the .ember-digits element
 */
export function mount(figure) {
  draw(figure, readJson(figure.querySelector(".ember-digits__data")));
}

/**
 * Draw what hx.show_digits gave into figure: the pad with the network's scores, if a network is
 * given (a drawing already on the pad stays, read by the new network), and the images.
 * @param {HTMLElement} figure
 * @param {{network: object|null, images: {pixels: number[], words: string}[]}} shown
 */
export function draw(figure, shown) {
  figure.dataset.mounted = ""; // drawn: the page's own JSON is not drawn over it later (js/slices.js)
  let pad = pads.get(figure);
  if (shown.network && !pad) {
    pad = makePad(figure.id || "digits");
    pads.set(figure, pad);
    figure.querySelector(".ember-digits__pad").replaceChildren(pad.root);
  }
  if (pad) pad.read(shown.network);
  const place = figure.querySelector(".ember-digits__images");
  const buttons = () => [...place.querySelectorAll("button")];
  const focused = buttons().indexOf(document.activeElement); // kept on the same image's place, redrawn
  place.replaceChildren(...images(shown.images, pad));
  if (focused >= 0) (buttons()[focused] ?? buttons().at(-1) ?? pad?.grid)?.focus();
  figure.dataset.drawn = "";
}

/** The images as a list, each a button that puts it on pad, or a plain picture without one. */
function images(shown, pad) {
  if (!shown.length) return [];
  const list = make("ul", "ember-digits__list");
  shown.forEach(({ pixels, words }, index) => {
    const item = make("li", "");
    const picture = [picture8(pixels), make("span", "ember-digits__words", words)];
    if (pad) {
      const put = button("", "ember-digits__put");
      put.setAttribute("aria-label", `Put on the pad: ${words} (image ${index + 1} of ${shown.length})`); // two may share words
      put.append(...picture);
      put.addEventListener("click", () => {
        pad.put(pixels);
        bringIntoView(pad.root); // an image far below the pad shows what the pad reads
      });
      item.append(put);
    } else item.append(...picture);
    list.append(item);
  });
  return [list];
}

/**
 * An 8 × 8 image as SVG: a square for each inked pixel, as dark as its ink.
 * @param {number[]} pixels 64, each from 0 to 1
 * @param {string} [label] what a screen reader says it is; without one, it hides it
 */
function picture8(pixels, label) {
  const named = label === undefined ? { "aria-hidden": "true" } : { role: "img", "aria-label": label };
  const image = svg("svg", { viewBox: `0 0 ${SIDE} ${SIDE}`, class: "ember-digits__picture", ...named });
  paint(image, pixels);
  return image;
}

/** Draw an 8 × 8 image's pixels in its SVG, over what was there. */
function paint(image, pixels) {
  image.replaceChildren(svg("rect", { width: SIDE, height: SIDE, class: "ember-digits__paper" }));
  pixels.forEach((ink, i) => {
    if (ink > 0) image.append(svg("rect", { x: i % SIDE, y: Math.floor(i / SIDE), width: 1, height: 1, "fill-opacity": ink }));
  });
}

/**
 * A pad and its scores.
 * @param {string} id the figure's id, for the pixels' ids
 * @returns {{root: HTMLElement, grid: HTMLElement, read: (network: object|null) => void, put: (pixels: number[]) => void}}
 */
function makePad(id) {
  const bitmap = new Uint8Array(FINE * FINE);
  const root = make("div", "ember-digits__board");
  const grid = make("div", "ember-digits__grid");
  Object.assign(grid, { tabIndex: 0 });
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", "Drawing pad, 8 by 8 pixels");
  const cells = [];
  for (let row = 0; row < SIDE; row++) {
    const line = make("div", "ember-digits__row");
    line.setAttribute("role", "row");
    for (let column = 0; column < SIDE; column++) {
      const cell = make("div", "ember-digits__pixel");
      cell.setAttribute("role", "gridcell");
      cell.id = `${id}-pixel-${row}-${column}`;
      cell.append(make("span", "ember-digits__ink"));
      cells.push(cell);
      line.append(cell);
    }
    grid.append(line);
  }
  const help = make("p", "ember-digits__help",
    "Draw with a mouse or a finger; Shift with a mouse rubs out. Or Tab to the pad, move with the arrow keys, and press Space to ink a pixel or clear it.");
  const clear = button("Clear the pad", "ember-digits__clear");
  const seen = make("span", "ember-digits__seen", "Read as");
  const seenPicture = picture8(new Array(SIDE * SIDE).fill(0), "");
  seen.append(seenPicture);
  const under = make("div", "ember-digits__under");
  under.append(clear, seen);
  const scores = make("div", "ember-digits__scores");
  const said = make("p", "ember-digits__reads");
  said.setAttribute("aria-live", "polite");
  const bars = make("ol", "ember-digits__bars");
  bars.setAttribute("aria-label", "The network's scores, as chances");
  scores.append(bars);
  const left = make("div", "ember-digits__drawing");
  left.append(said, grid, under, help); // what it reads above the pad: in view while drawing on a phone
  root.append(left, scores);

  let network = null;
  let active = 0; // the pixel the keyboard is on
  let lastSaid = "";
  let penned = false; // whether the drawing on the pad was begun with the pen, and is read fitted
  const marks = []; // what made the drawing, since the pad was last empty (pixels.js)

  /** Make a mark on the pad; on an empty pad, it begins a drawing, fitted if the pen made it. */
  function mark(made, pen) {
    if (!bitmap.includes(1)) {
      marks.length = 0;
      penned = pen;
    }
    marks.push(made);
    drawMark(bitmap, made);
  }

  /** Show the pixels drawn, and what the network reads in them: the same pixels, or, if the pen
   * began the drawing, those of the drawing fitted. */
  function show() {
    const drawn = blocks(bitmap);
    const empty = !bitmap.includes(1);
    const now = penned && !empty ? blocks(fitted(marks)) : drawn;
    paint(seenPicture, now);
    seenPicture.setAttribute("aria-label", `What the network reads: ${empty ? "nothing yet" : penned
      ? "the drawing fitted as the images were, as tall as the pad and centred" : "the pad as it is"}`);
    drawn.forEach((ink, i) => {
      const cell = cells[i];
      cell.firstChild.style.opacity = String(ink);
      const row = Math.floor(i / SIDE) + 1;
      const column = (i % SIDE) + 1;
      cell.setAttribute("aria-label", `row ${row}, column ${column}, ${ink ? `inked ${Math.round(ink * 100)} %` : "blank"}`);
    });
    showScores(now);
  }

  function showScores(now) {
    if (!network) {
      bars.replaceChildren();
      say("No network reads this pad.");
      return;
    }
    const chances = softmax(forward(network, now).at(-1));
    if (chances.some((chance) => !Number.isFinite(chance))) {
      bars.replaceChildren();
      say("This network's scores are too large to be numbers: it cannot read the pad.");
      return;
    }
    const drawn = now.some((ink) => ink > 0);
    const top = drawn ? chances.indexOf(Math.max(...chances)) : -1;
    bars.replaceChildren(...chances.map((chance, digit) => bar(digit, chance, digit === top)));
    say(drawn ? `It reads ${top}, with a chance of ${percent(chances[top])}.` : "Draw a digit on the pad.");
  }

  function say(text) {
    if (text !== lastSaid) said.textContent = lastSaid = text;
  }

  /** Ink (or rub out) the bitmap along the pen's way from (x0, y0) to (x1, y1), in its pixels. */
  const stroke = (x0, y0, x1, y1, ink) => mark({ segment: [x0, y0, x1, y1], ink }, true);

  // The pen: a stroke inks from the last point to this one, then the scores follow; each finger
  // or pen (pointer) draws its own stroke.
  const last = new Map(); // pointer id → its last point
  const at = (event) => {
    const box = grid.getBoundingClientRect();
    return [((event.clientX - box.left) / box.width) * FINE, ((event.clientY - box.top) / box.height) * FINE];
  };
  const inking = (event) => (event.shiftKey || (event.buttons & 32) ? 0 : 1);
  grid.addEventListener("mousedown", (event) => event.preventDefault()); // the pen leaves the focus where it was
  grid.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 && event.button !== 5) return;
    event.preventDefault();
    grid.setPointerCapture(event.pointerId);
    const point = at(event);
    last.set(event.pointerId, point);
    stroke(...point, ...point, inking(event));
    show();
  });
  grid.addEventListener("pointermove", (event) => {
    const from = last.get(event.pointerId);
    if (!from || !grid.hasPointerCapture(event.pointerId)) return;
    const now = at(event);
    stroke(...from, ...now, inking(event));
    last.set(event.pointerId, now);
    show();
  });
  const lift = (event) => last.delete(event.pointerId);
  grid.addEventListener("pointerup", lift);
  grid.addEventListener("pointercancel", lift);

  // The keyboard: a pixel at a time.
  function moveTo(index) {
    cells[active].classList.remove("is-active");
    active = index;
    cells[active].classList.add("is-active");
    grid.setAttribute("aria-activedescendant", cells[active].id);
  }
  function fillPixel(index, ink) {
    mark({ block: index, ink }, false);
    show();
  }
  grid.addEventListener("keydown", (event) => {
    const row = Math.floor(active / SIDE);
    const column = active % SIDE;
    const moves = {
      ArrowUp: [Math.max(row - 1, 0), column], ArrowDown: [Math.min(row + 1, SIDE - 1), column],
      ArrowLeft: [row, Math.max(column - 1, 0)], ArrowRight: [row, Math.min(column + 1, SIDE - 1)],
      Home: [row, 0], End: [row, SIDE - 1],
    };
    if (moves[event.key]) moveTo(moves[event.key][0] * SIDE + moves[event.key][1]);
    else if (event.key === " " || event.key === "Enter") fillPixel(active, blocks(bitmap)[active] === 1 ? 0 : 1);
    else if (event.key === "Delete" || event.key === "Backspace") fillPixel(active, 0);
    else return;
    event.preventDefault();
  });
  grid.addEventListener("focus", () => moveTo(active));
  grid.addEventListener("blur", () => cells[active].classList.remove("is-active"));

  clear.addEventListener("click", () => {
    bitmap.fill(0);
    show();
  });

  return {
    root,
    grid,
    read(given) {
      network = given;
      show();
    },
    put(image) {
      penned = false;
      marks.length = 0;
      for (let y = 0; y < FINE; y++) {
        for (let x = 0; x < FINE; x++) {
          // a pixel's ink, as a share of its block, inked from the block's top left in reading order
          const i = Math.floor(y / BLOCK) * SIDE + Math.floor(x / BLOCK);
          const place = (y % BLOCK) * BLOCK + (x % BLOCK);
          bitmap[y * FINE + x] = place < Math.round(image[i] * BLOCK * BLOCK) ? 1 : 0;
        }
      }
      show();
    },
  };
}

/** A digit's bar: its digit, a bar as long as its chance, and the chance in words. */
function bar(digit, chance, top) {
  const item = make("li", `ember-digits__bar${top ? " is-top" : ""}`);
  const length = make("span", "ember-digits__length");
  length.append(make("span", "ember-digits__fill"));
  length.firstChild.style.width = `${(chance * 100).toFixed(1)}%`;
  item.append(make("span", "ember-digits__digit", String(digit)), length, make("span", "ember-digits__chance", percent(chance)));
  return item;
}

/** The chances softmax gives the scores: e to each, over their sum, the largest taken off first. */
function softmax(scores) {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const whole = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / whole);
}

const percent = (chance) => `${chance < 0.01 && chance > 0 ? "<1" : Math.round(chance * 100)} %`;
