import { deepMerge, integrationError, isObject, later, type Loose } from "./util";
import { ADDRESS_KIND, PAYMENT_KIND, addressValue } from "./address";
import { Emitter } from "./emitter";
import { StandInElement } from "./element";
import { addressGetValue, collapse } from "./element-checks";

export function StandInElements(this: Loose, stripe: Loose, options: Loose) {
  Emitter.call(this);
  this._stripe = stripe;
  this._options = deepMerge(options);
  this._elements = [];
  this._submitted = false;
  checkElementsOptions(this._options);
}

StandInElements.prototype = Object.create(Emitter.prototype);
StandInElements.prototype.constructor = StandInElements;

/* The checks Stripe.js (endive) makes of the Elements options, with its integration errors. */
export function checkElementsOptions(options: Loose) {
  if (options.paymentMethodTypes !== undefined) {
    throw integrationError(
      "paymentMethodTypes is not supported by Stripe.js (endive) when creating or updating Elements; use allowedPaymentMethodTypes: ['card'] instead.",
    );
  }
  if (options.mode === undefined) return;
  if (["payment", "setup", "subscription"].indexOf(options.mode) === -1) {
    throw integrationError("Invalid value for elements(): mode should be one of payment, setup, subscription. You specified: " + options.mode + ".");
  }
  if (options.mode === "setup") return;
  if (!options.currency) throw integrationError("Missing value for elements(): currency should be a string.");
  if (typeof options.amount !== "number" || options.amount < 0 || Math.floor(options.amount) !== options.amount) {
    throw integrationError("Invalid value for elements(): amount should be a whole number of the smallest currency unit (pence).");
  }
}

StandInElements.prototype.create = function (this: Loose, type: Loose, options: Loose) {
  var kind = type === "payment" ? PAYMENT_KIND : type === "address" ? ADDRESS_KIND : null;
  if (!kind) {
    throw integrationError(
      "The Keyfree Stripe stand-in renders only the Payment Element and the Address Element; '" + type + "' is not available without Stripe keys.",
    );
  }
  options = options || {};
  if (type === "payment" && !this._options.clientSecret && !this._options.mode) {
    throw integrationError("In order to create a payment element, you must pass a clientSecret or mode when creating the Elements group.");
  }
  var allowed = this._options.allowedPaymentMethodTypes;
  if (type === "payment" && Array.isArray(allowed) && allowed.indexOf("card") === -1) {
    throw integrationError("The Keyfree Stripe stand-in renders card payments only; allowedPaymentMethodTypes must include 'card'.");
  }
  if (type === "address" && options.mode !== "billing" && options.mode !== "shipping") {
    throw integrationError("You must supply options.mode. mode must be 'billing' or 'shipping'.");
  }
  if (this.getElement(type, type === "address" ? { mode: options.mode } : undefined)) {
    throw integrationError("Can only create one Element of type " + type + (type === "address" ? " in " + options.mode + " mode" : "") + ".");
  }
  var element = new (StandInElement as Loose)(this, type, kind, options);
  if (type === "address") element.getValue = addressGetValue;
  else element.collapse = collapse;
  this._elements.push(element);
  return element;
};

StandInElements.prototype.getElement = function (this: Loose, type: Loose, options: Loose) {
  for (var i = 0; i < this._elements.length; i++) {
    var element = this._elements[i];
    if (element._type !== type) continue;
    if (type === "address" && options && options.mode && element._options.mode !== options.mode) continue;
    return element;
  }
  return null;
};

StandInElements.prototype._forget = function (this: Loose, element: Loose) {
  this._elements = this._elements.filter(function (item: Loose) {
    return item !== element;
  });
};

StandInElements.prototype.update = function (this: Loose, options: Loose) {
  if (isObject(options)) {
    var next = deepMerge(this._options, options);
    checkElementsOptions(next);
    this._options = next;
  }
  var self = this;
  later(function () {
    self._emit("update-end", {});
  });
  return Promise.resolve();
};

StandInElements.prototype.fetchUpdates = function (this: Loose) {
  return Promise.resolve({});
};

StandInElements.prototype._mounted = function (this: Loose) {
  return this._elements
    .filter(function (element: Loose) {
      return element._root && element._root.isConnected !== false;
    })
    .sort(function (a: Loose, b: Loose) {
      var position = a._root.compareDocumentPosition(b._root);
      return position & 4 ? -1 : position & 2 ? 1 : 0;
    });
};

/* Checks every mounted element, shows the errors, moves focus to the first one. */
StandInElements.prototype._validate = function (this: Loose) {
  var first: Loose = null;
  this._mounted().forEach(function (element: Loose) {
    var problem = element._validateAndShow();
    if (problem && !first) first = { element: element, key: problem.key, error: problem.error };
  });
  if (first) first.element._focusField(first.key);
  return first ? first.error : null;
};

StandInElements.prototype.submit = function (this: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    if (!self._mounted().length) throw integrationError("elements.submit() found no mounted Element to submit.");
    var error = self._validate();
    if (error) {
      self._submitted = false;
      return { error: error };
    }
    self._submitted = true;
    return self.getElement("payment") ? { selectedPaymentMethod: "card" } : {};
  });
};

/* The billing details the elements hold: the Payment Element's defaults, then the Address Element. */
StandInElements.prototype._billingDetails = function (this: Loose) {
  var payment = this.getElement("payment");
  var defaults = payment && payment._options.defaultValues && payment._options.defaultValues.billingDetails;
  var details = deepMerge(defaults);
  var address = this.getElement("address", { mode: "billing" });
  if (address && address._root) {
    var value = addressValue(address._values, address._options);
    details = deepMerge(details, {
      name: value.name || undefined,
      phone: value.phone || undefined,
      address: {
        line1: value.address.line1,
        line2: value.address.line2 || undefined,
        city: value.address.city,
        postal_code: value.address.postal_code,
        country: value.address.country,
      },
    });
  }
  return details;
};

/* ------------------------------------------------------------------ the Stripe object */
