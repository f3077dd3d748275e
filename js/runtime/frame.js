// The script of the sandbox frame (js/runtime/sandbox.js): a frame the browser gives an opaque
// origin, which starts the Python workers, passes the page's requests on to them, and holds their
// interrupt buffers where it can make them. It is put in the frame's srcdoc as the text of
// sandboxFrame, so it must use no name from outside the function.
//
// Messages in, on the port the page sends in the first message it posts to the frame's window
// (the only one heard there; the workers' own postMessage is heard by no one):
//   {type: "start", id, source, name, answers}  start a worker (a classic script, from source) named
//        name, and post it {type: "start", requests, answers, interrupt, steering} once, as its
//        first message: requests, the port the frame passes the page's requests on; answers, the
//        page's port for what it says; interrupt and steering, a Uint8Array and a Float64Array on
//        SharedArrayBuffers where this frame is cross-origin isolated, else null
//   {type: "send", id, message}  pass message on to that worker; one with an id is a run: its
//        interrupt buffer is cleared and its knobs given back to the cell first
//   {type: "signal", id, run, value}  write value into its interrupt buffer, if it is on that run
//   {type: "steer", id, run, slot, value}  write value into slot of its knobs, if on that run
//   {type: "end", id}  end it
// A signal for a run that has ended cannot reach the next one: this port keeps its messages in
// order, and the next run is passed on through it. Messages out: {type: "error", id, message}
// (the worker could not be loaded, or failed).

export function sandboxFrame() {
  const STEER_SLOTS = 4; // site_src/runtime/steering.py's MAX_KNOBS
  const workers = new Map(); // id → {worker, requests, interrupt, steering, run}
  const urls = new Map(); // source → its blob URL, made once
  let control = null;

  const start = ({ id, source, name, answers }) => {
    if (!urls.has(source)) urls.set(source, URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
    const worker = new Worker(urls.get(source), { name }); // not type "module": Chromium loads none from a blob URL here
    const isolated = self.crossOriginIsolated === true;
    const interrupt = isolated ? new Uint8Array(new SharedArrayBuffer(1)) : null;
    const steering = isolated ? new Float64Array(new SharedArrayBuffer(8 * STEER_SLOTS)) : null;
    const channel = new MessageChannel();
    worker.onerror = (event) => {
      event.preventDefault();
      control.postMessage({ type: "error", id, message: String(event.message || "the Python worker could not be loaded") });
    };
    worker.postMessage({ type: "start", requests: channel.port2, answers, interrupt, steering }, [channel.port2, answers]);
    workers.set(id, { worker, requests: channel.port1, interrupt, steering, run: null });
  };

  const pass = (entry, message) => {
    if (message?.id !== undefined) {
      entry.run = message.id;
      if (entry.interrupt) entry.interrupt[0] = 0;
      entry.steering?.fill(NaN);
    }
    entry.requests.postMessage(message);
  };

  const handle = ({ data }) => {
    const entry = workers.get(data?.id);
    const onRun = entry && data.run === entry.run;
    if (data?.type === "start" && !entry) start(data);
    else if (!entry) return;
    else if (data.type === "send") pass(entry, data.message);
    else if (data.type === "signal" && onRun && entry.interrupt) entry.interrupt[0] = data.value;
    else if (data.type === "steer" && onRun && entry.steering && data.slot >= 0 && data.slot < STEER_SLOTS) {
      entry.steering[data.slot] = data.value;
    } else if (data.type === "end") {
      entry.worker.terminate();
      workers.delete(data.id);
    }
  };

  addEventListener("message", (event) => {
    if (control || event.source !== parent || !event.ports[0]) return;
    control = event.ports[0];
    control.onmessage = handle;
  });
}
