import { createEl, deepMerge, digitsOf, integrationError, isObject, later, nextId, trim, type Loose } from "./util";
import { formatPostcode, required } from "./address";
import { Emitter } from "./emitter";

export function StandInElement(this: Loose, group: Loose, type: Loose, kind: Loose, options: Loose) {
  Emitter.call(this);
  this._group = group;
  this._type = type;
  this._kind = kind;
  this._options = deepMerge(options);
  this._values = kind.initialValues(this._options);
  this._shown = {};
  this._mountNode = null;
  this._root = null;
  this._inputs = {};
  this._destroyed = false;
  this._isReady = false;
  this._mountCount = 0;
}

StandInElement.prototype = Object.create(Emitter.prototype);
StandInElement.prototype.constructor = StandInElement;

/* A `ready` handler added after the element became ready still hears about it. */
StandInElement.prototype.on = function (this: Loose, type: Loose, handler: Loose) {
  Emitter.prototype.on.call(this, type, handler);
  if (type === "ready" && this._isReady) {
    var self = this;
    var mountCount = this._mountCount;
    later(function () {
      var stillListening = (self._handlers.ready || []).some(function (entry: Loose) {
        return entry.handler === handler;
      });
      if (stillListening && self._mountCount === mountCount && self._root) handler({ elementType: self._type });
    });
  }
  return this;
};
StandInElement.prototype.addEventListener = StandInElement.prototype.on;

StandInElement.prototype.mount = function (this: Loose, target: Loose) {
  if (this._destroyed) throw integrationError("This Element has already been destroyed. Please create a new one.");
  if (this._root) throw integrationError("This Element is already mounted. Use `unmount` to unmount the Element before re-mounting.");
  var node = typeof target === "string" ? document.querySelector(target) : target;
  if (!node || node.nodeType !== 1) {
    throw integrationError(
      typeof target === "string"
        ? "The selector you specified (" + target + ") applies to no DOM elements that are currently on the page."
        : "Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.",
    );
  }
  this._mountNode = node;
  this._mountCount += 1;
  this._isReady = false;
  this._render();
  node.appendChild(this._root);
  this._updateStateClasses();
  var self = this;
  var mountCount = this._mountCount;
  later(function () {
    if (self._mountCount !== mountCount || !self._root) return;
    self._emit("loaderstart", { elementType: self._type });
    self._isReady = true;
    self._emit("ready", { elementType: self._type });
  });
};

StandInElement.prototype.unmount = function (this: Loose) {
  if (!this._root) return;
  if (this._root.parentNode) this._root.parentNode.removeChild(this._root);
  if (this._mountNode) {
    this._mountNode.classList.remove(
      "StripeElement",
      "StripeElement--empty",
      "StripeElement--complete",
      "StripeElement--invalid",
      "StripeElement--focus",
    );
  }
  this._root = null;
  this._inputs = {};
  this._mountNode = null;
  this._isReady = false;
  this._mountCount += 1;
};

StandInElement.prototype.destroy = function (this: Loose) {
  if (this._destroyed) return;
  this.unmount();
  this._destroyed = true;
  this._handlers = {};
  this._group._forget(this);
};

StandInElement.prototype.focus = function (this: Loose) {
  var first = this._kind.fields(this._options)[0];
  var input = first && this._inputs[first.key];
  if (input) input.focus();
};

StandInElement.prototype.blur = function (this: Loose) {
  if (this._root && document.activeElement && this._root.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
};

StandInElement.prototype.clear = function (this: Loose) {
  var country = this._values.country;
  this._values = this._kind.initialValues({ mode: this._options.mode, allowedCountries: this._options.allowedCountries });
  if (country) this._values.country = country;
  this._shown = {};
  if (this._root) this._rerender();
  this._changed();
};

StandInElement.prototype.update = function (this: Loose, options: Loose) {
  if (!isObject(options)) return this;
  var before = this._options;
  this._options = deepMerge(this._options, options);
  if (options.defaultValues) {
    var defaults = this._kind.initialValues(this._options);
    var values = this._values;
    Object.keys(defaults).forEach(function (key) {
      if (!values[key] && defaults[key]) values[key] = defaults[key];
    });
  }
  if (this._root && before !== this._options) this._rerender();
  return this;
};

StandInElement.prototype._rerender = function (this: Loose) {
  var active = document.activeElement;
  var focusedKey = null;
  var self = this;
  Object.keys(this._inputs).forEach(function (key) {
    if (self._inputs[key] === active) focusedKey = key;
  });
  var old = this._root;
  this._render();
  if (old && old.parentNode) old.parentNode.replaceChild(this._root, old);
  this._updateStateClasses();
  if (focusedKey && this._inputs[focusedKey]) this._inputs[focusedKey].focus();
};

StandInElement.prototype._render = function (this: Loose) {
  var self = this;
  var kind = this._kind;
  var options = this._options;
  var fields = kind.fields(options);
  var base = nextId(this._type);
  var groupLabel = typeof kind.groupLabel === "function" ? kind.groupLabel(options) : kind.groupLabel;
  var root = createEl("div", { class: "kf-stripe-element kf-stripe-element--" + this._type, role: "group", "aria-label": groupLabel });
  this._inputs = {};
  this._hints = {};
  this._errors = {};
  this._fieldNodes = {};
  this._fieldIds = {};

  fields.forEach(function (field: Loose) {
    var id = base + "-" + field.key.replace(/_/g, "-").toLowerCase();
    var wrapper = createEl("div", { class: "field" });
    wrapper.appendChild(createEl("label", { class: "field__label", for: id }, field.label));
    var hintText = field.hint ? field.hint(self._values) : null;
    if (field.hint) {
      var hint = createEl("p", { class: "field__hint", id: id + "-hint" }, hintText);
      wrapper.appendChild(hint);
      self._hints[field.key] = hint;
    }
    var error = createEl("p", { class: "field__error", id: id + "-error", hidden: true });
    error.appendChild(createEl("span", { class: "visually-hidden" }, "Error: "));
    error.appendChild(createEl("span", { class: "kf-stripe-error-text" }));
    wrapper.appendChild(error);
    self._errors[field.key] = error;

    var input: Loose;
    if (field.select) {
      input = createEl("select", { class: "field__input", id: id, autocomplete: field.autocomplete });
      field.select.forEach(function (option: Loose) {
        var node = createEl("option", { value: option.value }, option.label);
        if (option.value === self._values[field.key]) node.selected = true;
        input.appendChild(node);
      });
      input.value = self._values[field.key];
    } else {
      input = createEl("input", {
        class: "field__input",
        id: id,
        type: field.type || "text",
        autocomplete: field.autocomplete,
        inputmode: field.inputMode,
        spellcheck: "false",
        autocapitalize: field.inputMode === "numeric" ? "off" : undefined,
        autocorrect: "off",
        /* aria-required, not required: the browser's own checks must not block the page's form. */
        "aria-required": field.optional ? undefined : "true",
        "aria-describedby": field.hint ? id + "-hint" : undefined,
      });
      input.value = self._values[field.key] || "";
    }
    if (options.readOnly) {
      if (field.select) input.disabled = true;
      else input.readOnly = true;
    }
    wrapper.appendChild(input);
    self._inputs[field.key] = input;
    self._fieldNodes[field.key] = wrapper;
    self._fieldIds[field.key] = id;
    self._bindInput(field, input);
    root.appendChild(wrapper);
  });

  this._live = createEl("p", { class: "visually-hidden kf-stripe-live", "aria-live": "polite", "aria-atomic": "true" });
  root.appendChild(this._live);

  root.addEventListener("focusin", function (event: Loose) {
    if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
      if (self._mountNode) self._mountNode.classList.add("StripeElement--focus");
      self._emit("focus", { elementType: self._type });
    }
  });
  root.addEventListener("focusout", function (event: Loose) {
    if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
      if (self._mountNode) self._mountNode.classList.remove("StripeElement--focus");
      self._emit("blur", { elementType: self._type });
    }
  });
  root.addEventListener("keydown", function (event: Loose) {
    if (event.key === "Escape" || event.key === "Esc") self._emit("escape", { elementType: self._type });
  });

  this._root = root;
  Object.keys(this._shown).forEach(function (key) {
    self._showError(key, self._shown[key]);
  });
};

StandInElement.prototype._bindInput = function (this: Loose, field: Loose, input: Loose) {
  var self = this;
  var deleting = false;
  input.addEventListener("keydown", function (event: Loose) {
    deleting = event.key === "Backspace" || event.key === "Delete";
  });
  function onInput(event: Loose) {
    var raw = input.value;
    var isDelete = deleting || (event && typeof event.inputType === "string" && event.inputType.indexOf("delete") === 0);
    deleting = false;
    var formatted = self._kind.format(field.key, raw, self._values, isDelete);
    if (formatted !== raw) setValueKeepingCaret(input, raw, formatted);
    if (formatted === self._values[field.key]) return;
    self._values[field.key] = formatted;
    if (field.key === "number") {
      var cvc = self._kind.format("cvc", self._values.cvc, self._values, false);
      if (cvc !== self._values.cvc && self._inputs.cvc) {
        self._values.cvc = cvc;
        self._inputs.cvc.value = cvc;
      }
      var cvcField = self._kind.fields(self._options).filter(function (f: Loose) { return f.key === "cvc"; })[0];
      if (cvcField && self._hints.cvc) self._hints.cvc.textContent = cvcField.hint(self._values);
    }
    if (field.key === "country" && self._shown.postal_code) self._recheck("postal_code");
    if (self._shown[field.key]) self._recheck(field.key);
    self._changed();
  }
  input.addEventListener("input", onInput);
  input.addEventListener("change", onInput);
  input.addEventListener("blur", function () {
    if (field.key === "postal_code") {
      var tidy = formatPostcode(input.value, self._values.country);
      if (tidy !== input.value) {
        input.value = tidy;
        self._values.postal_code = tidy;
        self._changed();
      }
    }
    if (!field.check || !trim(self._values[field.key])) return;
    var error = field.check(self._values, field.key);
    if (error) {
      self._showError(field.key, error);
      self._announce();
    } else if (self._shown[field.key]) {
      self._hideError(field.key);
      self._announce();
    }
  });
};

export function setValueKeepingCaret(input: Loose, raw: Loose, formatted: Loose) {
  var focused = document.activeElement === input;
  var caret = typeof input.selectionStart === "number" ? input.selectionStart : raw.length;
  var digitsBefore = digitsOf(raw.slice(0, caret)).length;
  var atEnd = caret >= raw.length;
  input.value = formatted;
  if (!focused || typeof input.setSelectionRange !== "function") return;
  var position = formatted.length;
  if (!atEnd) {
    var seen = 0;
    position = 0;
    while (position < formatted.length && seen < digitsBefore) {
      if (/\d/.test(formatted.charAt(position))) seen += 1;
      position += 1;
    }
  }
  try {
    input.setSelectionRange(position, position);
  } catch (ignored) {
    /* some input types refuse selection ranges */
  }
}

/* A field already showing an error is checked again as it is corrected. */
