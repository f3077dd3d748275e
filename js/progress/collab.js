// The texts the learner writes (gaps and cells), kept the same in every tab of the site, with
// each keystroke once, however the tabs' keystrokes interleave. One tab is the authority: it holds
// a Web Lock, and gives each text a version. A tab sends its changes to it as updates
// (@codemirror/collab) made to a version; the authority takes those made to its newest version
// and sends them to every tab over a BroadcastChannel, all in one order, and refuses the others.
// A tab rebases the changes it has not had taken over those of other tabs as they come
// (receiveUpdates), and sends them again. When the authority's tab closes, the lock passes to
// another tab, and every tab sends its changes again. The Python worker cannot reach the channel
// or the lock: it runs in an origin of its own (js/runtime/sandbox.js).

import { collab, getSyncedVersion, receiveUpdates, sendableUpdates } from "@codemirror/collab";
import { ChangeSet, EditorState, Text } from "@codemirror/state";
import { diff, merge } from "../text.js";

/** The version of the messages below: a tab of an older deploy of the site talks on another channel. */
const PROTOCOL = 1;

/**
 * A text as this tab has it. state: an editor state whose collab history holds the version and
 * this tab's changes the authority has not taken yet; synced: the text at that version; meta:
 * what the text stands for, as the tab that changed it last said (store.js: whether a gap's text
 * is no answer, a cell's code as its page gives it); sent: the version a push not answered yet
 * was made to, or null.
 * @typedef {{state: EditorState, synced: string, meta: object, sent: number|null}} Doc
 */

/**
 * Start keeping this tab's texts the same as the other tabs'.
 * @param {string} name names the channel and the lock: the site's progress key
 * @param {(key: string, text: string, meta: object) => void} onText called when another tab's
 *   change reached a text here, with its new text and what it stands for
 * @returns {((key: string, before: string, after: string, meta: object) => void) | null} a
 *   function that tells the other tabs this tab changed key's text from before to after, and
 *   what the text stands for now; null where the browser has no Web Locks (an insecure context)
 */
export function startCollab(name, onText) {
  if (!globalThis.navigator?.locks || !globalThis.BroadcastChannel) return null;
  const me = crypto.randomUUID();
  const channel = new BroadcastChannel(`${name}:texts:${PROTOCOL}`);
  /** @type {Map<string, Doc>} */
  const docs = new Map();
  let authority = null; // the texts as the authority has them ({version, text, meta}), in its tab
  let heard = false; // whether this tab knows an authority, to send its changes to

  const post = (message) => {
    channel.postMessage(message);
    handle(message); // a BroadcastChannel does not deliver to its sender
  };
  const push = (key) => {
    const doc = docs.get(key);
    const updates = sendableUpdates(doc.state);
    if (!heard || doc.sent !== null || !updates.length) return;
    doc.sent = getSyncedVersion(doc.state);
    post({
      type: "push", key, from: me, version: doc.sent, synced: doc.synced, meta: doc.meta,
      updates: updates.map((update) => ({ changes: update.changes.toJSON(), clientID: update.clientID })),
    });
  };
  const text = (key, version, synced, meta) => {
    const changed = resync(docs, key, version, synced, meta, me);
    if (changed !== null) onText(key, changed, docs.get(key).meta);
    push(key);
  };
  const handle = (message) => {
    if (message.type === "push" && authority) take(authority, message, post);
    else if (message.type === "updates") {
      const doc = docs.get(message.key);
      if (doc && getSyncedVersion(doc.state) === message.version) receive(doc, message, onText, () => push(message.key));
      else text(message.key, message.version + message.updates.length, message.text, message.meta);
    } else if (message.type === "refused" && message.to === me && docs.has(message.key)) {
      docs.get(message.key).sent = null;
      text(message.key, message.version, message.text, message.meta);
    } else if (message.type === "hello" && authority) {
      post({ type: "texts", to: message.from, texts: [...authority] });
    } else if (message.type === "texts" && message.to === me) {
      heard = true;
      for (const [key, { version, text: synced, meta }] of message.texts) text(key, version, synced, meta);
      for (const key of docs.keys()) push(key);
    } else if (message.type === "authority") { // a new one: what the last did not take goes to it
      heard = true;
      for (const [key, doc] of docs) {
        doc.sent = null;
        push(key);
      }
    }
  };
  // What the site's tabs send is taken; anything else is ignored, and so are changes made to
  // another text than the one they claim (which CodeMirror refuses to apply).
  channel.addEventListener("message", ({ data }) => {
    if (!wellFormed(data)) return;
    try {
      handle(data);
    } catch (error) {
      console.warn("ember: a message from another tab was ignored", error);
    }
  });
  // Held until the tab closes; if the lock is taken from this tab (a request with steal), it is
  // no longer the authority, and asks again.
  const lead = () => navigator.locks.request(`${name}:authority:${PROTOCOL}`, () => {
    authority = new Map();
    post({ type: "authority" });
    return new Promise(() => {});
  }).catch(() => {
    authority = null;
    lead();
  });
  lead();
  post({ type: "hello", from: me });

  return (key, before, after, meta) => {
    if (!docs.has(key)) docs.set(key, newDoc(before, 0, me, meta));
    const doc = docs.get(key);
    const now = doc.state.doc.toString();
    if (now !== before) doc.state = doc.state.update({ changes: changeOf(now, before) }).state;
    doc.state = doc.state.update({ changes: changeOf(before, after) }).state;
    doc.meta = meta;
    push(key);
  };
}

const TEXT = (value) => typeof value === "string";
const VERSION = (value) => Number.isSafeInteger(value) && value >= 0;
const META = (value) => typeof value === "object" && value !== null;
const UPDATES = (value) => Array.isArray(value) && value.every((update) => META(update) && TEXT(update.clientID)
  && Array.isArray(update.changes));
/** What each type of message holds, as the site's tabs send it. */
const SHAPES = {
  push: { key: TEXT, from: TEXT, version: VERSION, synced: TEXT, meta: META, updates: UPDATES },
  updates: { key: TEXT, version: VERSION, updates: UPDATES, text: TEXT, meta: META },
  refused: { to: TEXT, key: TEXT, version: VERSION, text: TEXT, meta: META },
  hello: { from: TEXT },
  texts: { to: TEXT, texts: (value) => Array.isArray(value) && value.every((entry) => Array.isArray(entry)
    && TEXT(entry[0]) && META(entry[1]) && VERSION(entry[1].version) && TEXT(entry[1].text) && META(entry[1].meta)) },
  authority: {},
};

/** Whether a message on the channel has the shape the site's tabs give it (SHAPES). */
function wellFormed(message) {
  const shape = META(message) ? SHAPES[message.type] : undefined;
  return Boolean(shape) && Object.entries(shape).every(([field, valid]) => valid(message[field]));
}

/** A Doc whose text is synced at version, for the tab me. */
function newDoc(synced, version, me, meta) {
  const state = EditorState.create({ doc: synced, extensions: collab({ startVersion: version, clientID: me }) });
  return { state, synced, meta, sent: null };
}

/** The change that turns before into after, span by span (text.js). */
function changeOf(before, after) {
  return ChangeSet.of(diff(before, after), before.length);
}

/**
 * The authority takes a push made to the newest version of its text, or to a text it has no
 * version of yet (a new authority's); it refuses one made to another version, with the text it
 * has, so that its tab can rebase the push and send it again.
 */
function take(texts, { key, from, version, synced, meta, updates }, post) {
  const held = texts.get(key) ?? { version, text: synced, meta };
  if (held.version !== version) return post({ type: "refused", to: from, key, ...held });
  let text = Text.of(held.text.split("\n"));
  for (const update of updates) text = ChangeSet.fromJSON(update.changes).apply(text);
  texts.set(key, { version: version + updates.length, text: text.toString(), meta });
  return post({ type: "updates", key, version, updates, text: text.toString(), meta });
}

/**
 * Updates the authority took, made to the version this tab has: this tab's own are confirmed,
 * and others' applied, with this tab's changes not taken yet rebased over them; those are sent
 * again (push) once the push they were in is answered.
 */
function receive(doc, { key, updates, text, meta, version }, onText, push) {
  const before = doc.state.doc.toString();
  doc.state = receiveUpdates(doc.state, updates.map((update) => ({
    changes: ChangeSet.fromJSON(update.changes), clientID: update.clientID,
  }))).state;
  doc.synced = text;
  if (doc.sent === version) doc.sent = null; // taken, or another tab's push was taken first
  const pending = sendableUpdates(doc.state).length > 0;
  if (!pending) doc.meta = meta;
  const after = doc.state.doc.toString();
  if (after !== before) onText(key, after, doc.meta);
  if (pending) push();
}

/**
 * Take the authority's text of key at version where this tab's history of it does not reach
 * there (a text this tab never had, or missed a change of): this tab's changes not taken yet are
 * merged into it.
 * @returns {string|null} the text now, if it changed
 */
function resync(docs, key, version, synced, meta, me) {
  const doc = docs.get(key);
  const mine = doc?.state.doc.toString();
  if (doc && getSyncedVersion(doc.state) === version && doc.synced === synced) return null;
  const fresh = newDoc(synced, version, me, meta);
  if (doc && mine !== doc.synced) {
    fresh.state = fresh.state.update({ changes: changeOf(synced, merge(doc.synced, mine, synced)) }).state;
    fresh.meta = doc.meta;
  }
  docs.set(key, fresh);
  const now = fresh.state.doc.toString();
  return now === mine ? null : now;
}
