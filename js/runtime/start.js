// Start the Python worker from the page's head, before the page bundle has even loaded: the build
// inlines this script, as a classic script, at the top of the head of each page with cells or
// labs, with the worker's URL in its data-worker attribute. client.js adopts the worker, and the
// messages it sent meanwhile, in boot().

const early = { messages: [] };
early.worker = new Worker(new URL(document.currentScript.dataset.worker, location.href), { type: "module" });
early.worker.onmessage = ({ data }) => early.messages.push(data);
early.worker.onerror = (event) => {
  event.preventDefault();
  early.error = event.message || "the Python worker could not be loaded";
};
self.emberEarlyWorker = early;
