import { GENERIC_FAILURE } from "./config";
import { assign, digitsOf, type Loose } from "./util";
import { expiryParts } from "./card";
import { addressValue } from "./address";
import { StandInElement } from "./element";

StandInElement.prototype._recheck = function (this: Loose, key: Loose) {
  var field = this._kind.fields(this._options).filter(function (f: Loose) { return f.key === key; })[0];
  var error = field && field.check ? field.check(this._values, key) : null;
  if (!error) {
    this._hideError(key);
    this._announce();
  } else if (error.message !== this._shown[key].message) {
    this._showError(key, error);
  }
};

StandInElement.prototype._showError = function (this: Loose, key: Loose, error: Loose) {
  this._shown[key] = error;
  var node = this._errors && this._errors[key];
  var input = this._inputs[key];
  if (!node || !input) return;
  node.querySelector(".kf-stripe-error-text").textContent = error.message;
  node.hidden = false;
  this._fieldNodes[key].classList.add("field--error");
  input.setAttribute("aria-invalid", "true");
  this._describe(key);
  this._updateStateClasses();
};

StandInElement.prototype._hideError = function (this: Loose, key: Loose) {
  delete this._shown[key];
  var node = this._errors && this._errors[key];
  var input = this._inputs[key];
  if (!node || !input) return;
  node.hidden = true;
  node.querySelector(".kf-stripe-error-text").textContent = "";
  this._fieldNodes[key].classList.remove("field--error");
  input.removeAttribute("aria-invalid");
  this._describe(key);
  this._updateStateClasses();
};

/* aria-describedby names the hint and, only while it shows, the error. */
StandInElement.prototype._describe = function (this: Loose, key: Loose) {
  var input = this._inputs[key];
  var id = this._fieldIds[key];
  var ids = [];
  if (this._hints[key]) ids.push(id + "-hint");
  if (this._shown[key]) ids.push(id + "-error");
  if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
  else input.removeAttribute("aria-describedby");
};

StandInElement.prototype._announce = function (this: Loose) {
  if (!this._live) return;
  var shown = this._shown;
  var messages = this._kind
    .fields(this._options)
    .filter(function (field: Loose) {
      return shown[field.key];
    })
    .map(function (field: Loose) {
      return shown[field.key].message;
    });
  this._live.textContent = messages.join(" ");
};

/* Every error of the element, in field order. */
StandInElement.prototype._check = function (this: Loose) {
  var values = this._values;
  var errors: Loose = [];
  this._kind.fields(this._options).forEach(function (field: Loose) {
    if (!field.check) return;
    var error = field.check(values, field.key);
    if (error) errors.push({ key: field.key, error: error });
  });
  return errors;
};

/* Shows every error (as on submit) and answers the first one, or null. */
StandInElement.prototype._validateAndShow = function (this: Loose) {
  var self = this;
  var errors = this._check();
  this._kind.fields(this._options).forEach(function (field: Loose) {
    if (self._shown[field.key]) self._hideError(field.key);
  });
  errors.forEach(function (item: Loose) {
    self._showError(item.key, item.error);
  });
  this._announce();
  return errors.length ? errors[0] : null;
};

StandInElement.prototype._focusField = function (this: Loose, key: Loose) {
  var input = this._inputs[key];
  if (input) input.focus();
};

StandInElement.prototype._isComplete = function (this: Loose) {
  return this._check().length === 0;
};

StandInElement.prototype._updateStateClasses = function (this: Loose) {
  var node = this._mountNode;
  if (!node) return;
  var empty = this._kind.isEmpty(this._values);
  node.classList.add("StripeElement");
  node.classList.toggle("StripeElement--empty", empty);
  node.classList.toggle("StripeElement--complete", this._isComplete());
  node.classList.toggle("StripeElement--invalid", Object.keys(this._shown).length > 0);
};

StandInElement.prototype._changed = function (this: Loose) {
  this._group._submitted = false;
  this._updateStateClasses();
  var payload = assign(
    { elementType: this._type, empty: this._kind.isEmpty(this._values), complete: this._isComplete() },
    this._kind.changeEvent(this._values, this._options),
  );
  this._emit("change", payload);
};

/* The Payment Element's card for the API, and the error a server answer points at. */
StandInElement.prototype._card = function (this: Loose) {
  var expiry = expiryParts(this._values.expiry) || { month: undefined, year: undefined };
  return {
    number: digitsOf(this._values.number),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: digitsOf(this._values.cvc),
  };
};

export var PARAM_FIELDS: Record<string, string> = {
  number: "number",
  "card[number]": "number",
  exp_month: "expiry",
  exp_year: "expiry",
  "card[exp_month]": "expiry",
  "card[exp_year]": "expiry",
  cvc: "cvc",
  "card[cvc]": "cvc",
};

StandInElement.prototype._showServerError = function (this: Loose, error: Loose) {
  var key = error && error.param ? PARAM_FIELDS[error.param] : null;
  if (!key || !this._inputs[key]) return;
  this._showError(key, { type: error.type, code: error.code, message: error.message || GENERIC_FAILURE });
  this._announce();
};

/* The Payment Element has no `getValue`; the Address Element does. */
export function addressGetValue(this: Loose) {
  var self = this;
  return Promise.resolve({
    complete: self._isComplete(),
    isNewAddress: true,
    value: addressValue(self._values, self._options),
  });
}

export function collapse(this: Loose) {
  return this;
}

/* ------------------------------------------------------------------ the Elements group */
