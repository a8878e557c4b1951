import { callSafely, integrationError, type Loose } from "./util";

export function Emitter(this: Loose) {
  this._handlers = {};
}

Emitter.prototype.on = function (this: Loose, type: Loose, handler: Loose) {
  if (typeof handler !== "function") throw integrationError("on('" + type + "') needs a handler function.");
  (this._handlers[type] = this._handlers[type] || []).push({ handler: handler, once: false });
  return this;
};

Emitter.prototype.once = function (this: Loose, type: Loose, handler: Loose) {
  if (typeof handler !== "function") throw integrationError("once('" + type + "') needs a handler function.");
  (this._handlers[type] = this._handlers[type] || []).push({ handler: handler, once: true });
  return this;
};

Emitter.prototype.off = function (this: Loose, type: Loose, handler: Loose) {
  var list = this._handlers[type];
  if (!list) return this;
  this._handlers[type] = handler
    ? list.filter(function (entry: Loose) {
        return entry.handler !== handler;
      })
    : [];
  return this;
};

Emitter.prototype.addEventListener = Emitter.prototype.on;
Emitter.prototype.removeEventListener = Emitter.prototype.off;

Emitter.prototype._emit = function (this: Loose, type: Loose, payload: Loose) {
  var list = (this._handlers[type] || []).slice();
  this._handlers[type] = (this._handlers[type] || []).filter(function (entry: Loose) {
    return !entry.once;
  });
  list.forEach(function (entry: Loose) {
    callSafely(entry.handler, payload);
  });
};

/* ------------------------------------------------------------------ elements */
