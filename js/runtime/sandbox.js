// Where the learner's code runs: a worker started by a frame that the browser sandboxes
// (sandbox="allow-scripts", without allow-same-origin), so that it has an opaque origin of its
// own. The browser itself then keeps the learner's code from the site's Cache Storage, service
// worker, localStorage, IndexedDB, Web Locks and the tabs' BroadcastChannel, and from the page:
// its one way out is the MessagePort that the page gives each worker, whose messages the page
// treats as data (client.js). The frame is made once per page load and outlives Material's
// instant navigation, as the page bundle does; its script is js/runtime/frame.js.
//
// The frame is given "cross-origin-isolated" where the page is isolated, so that it can make the
// interrupt buffers (a SharedArrayBuffer cannot cross from the page to another origin): the page
// asks the frame to write them, and the frame's thread, which runs no Python, does at once. The
// page's requests go through the frame too, so that a signal meant for one run never lands in the
// next (frame.js); the worker's answers come to the page on a port of their own.

import { sandboxFrame } from "./frame.js";

let control = null; // the page's port to the frame, once made

/** The port to the sandbox frame, made with the frame on the first call. */
function frame() {
  if (control) return control;
  const channel = new MessageChannel();
  control = channel.port1;
  const element = document.createElement("iframe");
  element.sandbox = "allow-scripts";
  element.allow = "cross-origin-isolated";
  element.title = "Python's sandbox";
  element.hidden = true;
  element.srcdoc = `<!doctype html><meta charset="utf-8"><script>(${sandboxFrame})()</script>`;
  // Messages posted on the port before the frame has taken it wait in the port.
  element.addEventListener("load", () => element.contentWindow.postMessage("ember-sandbox", "*", [channel.port2]), { once: true });
  document.body.append(element);
  control.onmessage = ({ data }) => errors.get(data?.id)?.(String(data?.message));
  return control;
}

const errors = new Map(); // worker id → its onerror
let nextId = 1;

/**
 * A worker started in the sandbox frame from its script's source.
 * @param {string} source the worker's script, whole (js/build.mjs bundles it with no chunks)
 * @param {{name?: string, onMessage: (data: any) => void, onError: (message: string) => void}} options
 *   onMessage: called with each message the worker posts on its channel to the page; onError: the
 *   worker could not be loaded, or failed
 * @returns {{send: (message: object) => void, signal: (run: number, value: number) => void,
 *   steer: (run: number, slot: number, value: number) => void, end: () => void}} send passes a
 *   message on to the worker (one with an id starts a run); signal writes the interrupt buffer and
 *   steer a knob of hx.steer, while the worker is on the run of that id (and nothing where the
 *   frame could not make them: the worker says so when ready); end ends the worker
 */
export function sandboxedWorker(source, { name = "", onMessage, onError }) {
  const id = nextId++;
  const port = frame();
  const answers = new MessageChannel();
  errors.set(id, onError);
  answers.port1.onmessage = ({ data }) => onMessage(data);
  port.postMessage({ type: "start", id, source, name, answers: answers.port2 }, [answers.port2]);
  return {
    send: (message) => port.postMessage({ type: "send", id, message }),
    signal: (run, value) => port.postMessage({ type: "signal", id, run, value }),
    steer: (run, slot, value) => port.postMessage({ type: "steer", id, run, slot, value }),
    end: () => {
      errors.delete(id);
      answers.port1.close();
      port.postMessage({ type: "end", id });
    },
  };
}
