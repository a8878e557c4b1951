import { API_BASE, AUTHENTICATION_FAILURE, CONNECTION_FAILURE, GENERIC_FAILURE } from "./config";
import { assign, compact, deepMerge, encodeForm, integrationError, isObject, type Loose } from "./util";
import { StandInElement } from "./element";
import { StandInElements } from "./elements";

export function StandInStripe(this: Loose, publishableKey: Loose, options: Loose) {
  this._key = publishableKey;
  this._options = deepMerge(options);
  this._wrappers = [];
  this._appInfo = [];
  this._last4 = {};
}

StandInStripe.prototype._registerWrapper = function (this: Loose, wrapper: Loose) {
  this._wrappers.push(wrapper);
};

StandInStripe.prototype.registerAppInfo = function (this: Loose, info: Loose) {
  this._appInfo.push(info);
};

StandInStripe.prototype.elements = function (this: Loose, options: Loose) {
  return new (StandInElements as Loose)(this, options);
};

/* One request to the sandbox; answers { body } or { error } in Stripe's shape, never throws. */
StandInStripe.prototype._request = function (this: Loose, method: Loose, path: Loose, params: Loose) {
  var headers: Record<string, string> = { Authorization: "Bearer " + this._key, Accept: "application/json" };
  if (this._options.stripeAccount) headers["Stripe-Account"] = this._options.stripeAccount;
  if (this._options.apiVersion) headers["Stripe-Version"] = this._options.apiVersion;
  var url = API_BASE + path;
  var init: RequestInit = { method: method, headers: headers, credentials: "same-origin" };
  var encoded = params ? encodeForm(params) : "";
  if (method === "GET") {
    if (encoded) url += "?" + encoded;
  } else {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    init.body = encoded;
  }
  var response: Loose;
  return Promise.resolve()
    .then(function () {
      return window.fetch(url, init);
    })
    .then(
      function (answer: Loose) {
        response = answer;
        return answer.json().then(
          function (body: Loose) {
            return body;
          },
          function () {
            return null;
          },
        );
      },
      function () {
        response = null;
        return null;
      },
    )
    .then(function (body) {
      if (!response) return { error: { type: "api_connection_error", message: CONNECTION_FAILURE } };
      if (body && isObject(body.error)) return { error: body.error };
      if (!response.ok || !isObject(body)) return { error: { type: "api_error", message: GENERIC_FAILURE } };
      return { body: body };
    });
};

export function intentIdOf(clientSecret: Loose, kind: Loose, method: Loose) {
  var match = typeof clientSecret === "string" ? /^((?:pi|seti)_[^_]+)_secret_.+$/.exec(clientSecret) : null;
  var prefix = kind === "setup_intent" ? "seti_" : "pi_";
  if (!match || match[1]!.indexOf(prefix) !== 0) {
    throw integrationError(
      "Invalid value for " + method + ": clientSecret should be a " + (kind === "setup_intent" ? "SetupIntent" : "PaymentIntent") +
        " client secret of the form ${id}_secret_${secret}. You specified: " + clientSecret + ".",
    );
  }
  return match[1]!;
}

export function resultKey(kind: Loose) {
  return kind === "setup_intent" ? "setupIntent" : "paymentIntent";
}

export function intentResult(kind: Loose, intent: Loose) {
  var result: Record<string, Loose> = {};
  result[resultKey(kind)] = intent;
  return result;
}

/* The answer Stripe.js gives for an intent after confirmation or authentication. */
StandInStripe.prototype._settle = function (this: Loose, kind: Loose, intent: Loose) {
  if (intent.status === "requires_payment_method") {
    var last = kind === "setup_intent" ? intent.last_setup_error : intent.last_payment_error;
    var error = assign({} as Record<string, Loose>, last || {
      type: "invalid_request_error",
      code: kind + "_authentication_failure",
      message: AUTHENTICATION_FAILURE,
    });
    error[kind] = intent;
    return { error: error };
  }
  return intentResult(kind, intent);
};

StandInStripe.prototype._retrieve = function (this: Loose, kind: Loose, clientSecret: Loose, method: Loose) {
  var id = intentIdOf(clientSecret, kind, method);
  return this._request("GET", "/v1/" + kind + "s/" + encodeURIComponent(id), { client_secret: clientSecret }).then(function (answer: Loose) {
    return answer.error ? { error: answer.error } : intentResult(kind, answer.body);
  });
};

StandInStripe.prototype.retrievePaymentIntent = function (this: Loose, clientSecret: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    return self._retrieve("payment_intent", clientSecret, "stripe.retrievePaymentIntent");
  });
};

StandInStripe.prototype.retrieveSetupIntent = function (this: Loose, clientSecret: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    return self._retrieve("setup_intent", clientSecret, "stripe.retrieveSetupIntent");
  });
};

StandInStripe.prototype._rememberCard = function (this: Loose, paymentMethod: Loose) {
  if (paymentMethod && paymentMethod.id && paymentMethod.card && paymentMethod.card.last4) {
    this._last4[paymentMethod.id] = paymentMethod.card.last4;
  }
};

StandInStripe.prototype._postPaymentMethod = function (this: Loose, card: Loose, billingDetails: Loose, extra: Loose, element: Loose) {
  var self = this;
  var params: Record<string, Loose> = assign({ type: "card", card: card, billing_details: compact(billingDetails || {}) }, compact(extra || {}));
  if (!Object.keys(params.billing_details).length) delete params.billing_details;
  return this._request("POST", "/v1/payment_methods", params).then(function (answer: Loose) {
    if (answer.error) {
      if (element) element._showServerError(answer.error);
      return { error: answer.error };
    }
    self._rememberCard(answer.body);
    return { paymentMethod: answer.body };
  });
};

export function isOwnElement(value: Loose) {
  return value instanceof (StandInElement as Loose) && value._type === "payment";
}

/*
 * A PaymentMethod from the elements group: the card from the Payment Element, the name and
 * address from the billing Address Element, then `params` (billing_details, metadata…) on top.
 */
StandInStripe.prototype._paymentMethodFromElements = function (this: Loose, elements: Loose, params: Loose, metadata: Loose, how: Loose) {
  if (!(elements instanceof (StandInElements as Loose))) throw integrationError(how + ": `elements` must be the Elements instance the Payment Element was created from.");
  var deferred = elements._options.mode !== undefined;
  if (how === "stripe.createPaymentMethod()" && deferred && elements._options.paymentMethodCreation !== "manual") {
    throw integrationError("stripe.createPaymentMethod() with elements needs paymentMethodCreation: 'manual' in the Elements options.");
  }
  if (deferred && !elements._submitted) {
    throw integrationError(
      "elements.submit() must be called before " + how + ". Call elements.submit() as soon as the customer presses pay, before any other asynchronous work.",
    );
  }
  var payment = elements.getElement("payment");
  if (!payment || !payment._root) throw integrationError(how + " needs a mounted Payment Element in this Elements group.");
  var problem = elements._validate();
  if (problem) return Promise.resolve({ error: problem });
  params = params || {};
  var billing = deepMerge(elements._billingDetails(), params.billing_details);
  var extra = { metadata: metadata || params.metadata, allow_redisplay: params.allow_redisplay };
  return this._postPaymentMethod(payment._card(), billing, extra, payment);
};

StandInStripe.prototype._paymentMethodFromElement = function (this: Loose, element: Loose, billingDetails: Loose, extra: Loose) {
  if (!isOwnElement(element)) {
    return Promise.resolve({
      error: {
        type: "invalid_request_error",
        message: "The Keyfree Stripe stand-in can only read a card from its own Payment Element.",
      },
    });
  }
  if (!element._root) throw integrationError("The Payment Element must be mounted before its card can be used.");
  var problem = element._validateAndShow();
  if (problem) {
    element._focusField(problem.key);
    return Promise.resolve({ error: problem.error });
  }
  var billing = deepMerge(element._group._billingDetails(), billingDetails);
  return this._postPaymentMethod(element._card(), billing, extra, element);
};

StandInStripe.prototype.createPaymentMethod = function (this: Loose, arg: Loose, legacyElement: Loose, legacyData: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    if (typeof arg === "string") {
      if (arg !== "card") throw integrationError("The Keyfree Stripe stand-in creates card PaymentMethods only.");
      var data = legacyData || {};
      return self._paymentMethodFromElement(legacyElement, data.billing_details, { metadata: data.metadata });
    }
    if (!isObject(arg)) throw integrationError("stripe.createPaymentMethod() needs an object argument.");
    if (arg.elements) return self._paymentMethodFromElements(arg.elements, arg.params, arg.metadata, "stripe.createPaymentMethod()");
    if (arg.element) {
      var params = arg.params || {};
      return self._paymentMethodFromElement(arg.element, params.billing_details, {
        metadata: arg.metadata || params.metadata,
        allow_redisplay: params.allow_redisplay,
      });
    }
    if (arg.type !== undefined && arg.type !== "card") throw integrationError("The Keyfree Stripe stand-in creates card PaymentMethods only.");
    if (arg.card) return self._paymentMethodFromElement(arg.card, arg.billing_details, { metadata: arg.metadata });
    throw integrationError("stripe.createPaymentMethod() needs `elements`, an `element`, or `card` with an Element.");
  });
};

StandInStripe.prototype.createToken = function (this: Loose) {
  return Promise.resolve({
    error: {
      type: "invalid_request_error",
      message: "Tokens are not available in the Keyfree Stripe sandbox; use stripe.createPaymentMethod() instead.",
    },
  });
};

/* The payment_method a confirm call sends: an id as given, or a new one from an element. */
StandInStripe.prototype._resolvePaymentMethod = function (this: Loose, paymentMethod: Loose) {
  if (paymentMethod === undefined || paymentMethod === null) return Promise.resolve({ id: undefined });
  if (typeof paymentMethod === "string") return Promise.resolve({ id: paymentMethod });
  if (isObject(paymentMethod) && paymentMethod.card) {
    return this._paymentMethodFromElement(paymentMethod.card, paymentMethod.billing_details, { metadata: paymentMethod.metadata }).then(
      function (result: Loose) {
        return result.error ? { error: result.error } : { id: result.paymentMethod.id };
      },
    );
  }
  throw integrationError("payment_method should be a PaymentMethod id or an object with `card` set to an Element.");
};

/* The confirm parameters passed on to the sandbox (the ones its card flows read). */
export var CONFIRM_PARAMS: Record<string, string[]> = {
  payment_intent: ["return_url", "setup_future_usage", "receipt_email"],
  setup_intent: ["return_url"],
};

export function pick(source: Loose, keys: string[]) {
  var out: Record<string, Loose> = {};
  if (!isObject(source)) return out;
  keys.forEach(function (key: Loose) {
    if (source[key] !== undefined) out[key] = source[key];
  });
  return out;
}

/* POST …/confirm, then 3-D Secure when the intent asks for it, then Stripe.js's answer. */
StandInStripe.prototype._confirm = function (this: Loose, kind: Loose, clientSecret: Loose, paymentMethodId: Loose, extra: Loose, handleActions: Loose, method: Loose) {
  var self = this;
  var id = intentIdOf(clientSecret, kind, method);
  var params = assign({ client_secret: clientSecret }, paymentMethodId ? { payment_method: paymentMethodId } : {}, extra);
  return this._request("POST", "/v1/" + kind + "s/" + encodeURIComponent(id) + "/confirm", params).then(function (answer: Loose) {
    if (answer.error) return { error: answer.error };
    var intent = answer.body;
    if (intent.status === "requires_action" && handleActions) return self._authenticate(kind, intent, clientSecret, paymentMethodId);
    return self._settle(kind, intent);
  });
};
