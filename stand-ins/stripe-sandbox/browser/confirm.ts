import { AUTHENTICATION_FAILURE } from "./config";
import { formatAmount, integrationError, isObject, type Loose } from "./util";
import { required } from "./address";
import { CONFIRM_PARAMS, StandInStripe, intentIdOf, pick, resultKey } from "./stripe";
import { challenge } from "./challenge";

StandInStripe.prototype._cardEnding = function (this: Loose, intent: Loose, paymentMethodId: Loose) {
  var method = intent.payment_method;
  if (isObject(method) && method.card && method.card.last4) return method.card.last4;
  var id = typeof method === "string" ? method : paymentMethodId;
  return id ? this._last4[id] || null : null;
};

/* The test challenge, the sandbox told the answer, the intent read back. */
StandInStripe.prototype._authenticate = function (this: Loose, kind: Loose, intent: Loose, clientSecret: Loose, paymentMethodId: Loose) {
  var self = this;
  var id = intent.id || intentIdOf(clientSecret, kind, "3-D Secure");
  return challenge({
    kind: kind,
    amount: kind === "payment_intent" ? formatAmount(intent.amount, intent.currency) : null,
    last4: this._cardEnding(intent, paymentMethodId),
    send: function (result: Loose) {
      return self._request("POST", "/sandbox/3ds/" + encodeURIComponent(id), { client_secret: clientSecret, result: result });
    },
  }).then(function (answer: Loose) {
    if (answer.error) return { error: answer.error };
    return self._retrieve(kind, clientSecret, "3-D Secure").then(function (read: Loose) {
      if (read.error) return read;
      var current = read[resultKey(kind)];
      if (current.status === "requires_action") {
        var error: Record<string, Loose> = {
          type: "invalid_request_error",
          code: kind + "_authentication_failure",
          message: AUTHENTICATION_FAILURE,
        };
        error[kind] = current;
        return { error: error };
      }
      return self._settle(kind, current);
    });
  });
};

StandInStripe.prototype._handleNextAction = function (this: Loose, kind: Loose, clientSecret: Loose, method: Loose) {
  var self = this;
  return this._retrieve(kind, clientSecret, method).then(function (read: Loose) {
    if (read.error) return read;
    var intent = read[resultKey(kind)];
    if (intent.status !== "requires_action") {
      var error: Record<string, Loose> = {
        type: "invalid_request_error",
        code: kind + "_unexpected_state",
        message:
          method + ": the " + (kind === "setup_intent" ? "SetupIntent" : "PaymentIntent") + " has status " + intent.status +
          " and needs no action.",
      };
      error[kind] = intent;
      return { error: error };
    }
    return self._authenticate(kind, intent, clientSecret, null);
  });
};

StandInStripe.prototype.handleNextAction = function (this: Loose, options: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    var clientSecret = options && options.clientSecret;
    var kind = typeof clientSecret === "string" && clientSecret.indexOf("seti_") === 0 ? "setup_intent" : "payment_intent";
    return self._handleNextAction(kind, clientSecret, "stripe.handleNextAction()");
  });
};

StandInStripe.prototype.handleCardAction = function (this: Loose, clientSecret: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    return self._handleNextAction("payment_intent", clientSecret, "stripe.handleCardAction()");
  });
};

StandInStripe.prototype._confirmCard = function (this: Loose, kind: Loose, clientSecret: Loose, data: Loose, options: Loose, method: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    intentIdOf(clientSecret, kind, method);
    data = data || {};
    return self._resolvePaymentMethod(data.payment_method).then(function (resolved: Loose) {
      if (resolved.error) return { error: resolved.error };
      var handleActions = !(options && options.handleActions === false);
      return self._confirm(kind, clientSecret, resolved.id, pick(data, CONFIRM_PARAMS[kind]!), handleActions, method);
    });
  });
};

StandInStripe.prototype.confirmCardPayment = function (this: Loose, clientSecret: Loose, data: Loose, options: Loose) {
  return this._confirmCard("payment_intent", clientSecret, data, options, "stripe.confirmCardPayment()");
};

StandInStripe.prototype.confirmCardSetup = function (this: Loose, clientSecret: Loose, data: Loose, options: Loose) {
  return this._confirmCard("setup_intent", clientSecret, data, options, "stripe.confirmCardSetup()");
};

/* confirmPayment / confirmSetup: the Payment Element flow, with Stripe's redirect rules. */
StandInStripe.prototype._confirmWithElements = function (this: Loose, kind: Loose, options: Loose, method: Loose) {
  var self = this;
  return Promise.resolve().then(function () {
    options = options || {};
    var elements = options.elements;
    var clientSecret = options.clientSecret || (elements && elements._options && elements._options.clientSecret);
    if (!clientSecret) throw integrationError(method + ": the clientSecret argument is required.");
    intentIdOf(clientSecret, kind, method);
    var confirmParams = options.confirmParams || {};
    var redirect = options.redirect || "always";
    if (redirect !== "if_required" && !confirmParams.return_url) {
      throw integrationError(method + ": confirmParams.return_url is required unless you pass redirect: 'if_required'.");
    }
    var paymentMethod;
    if (typeof confirmParams.payment_method === "string") {
      paymentMethod = Promise.resolve({ id: confirmParams.payment_method });
    } else if (elements) {
      var data = confirmParams.payment_method_data || {};
      paymentMethod = self
        ._paymentMethodFromElements(elements, { billing_details: data.billing_details, allow_redisplay: data.allow_redisplay }, data.metadata, method)
        .then(function (result: Loose) {
          return result.error ? { error: result.error } : { id: result.paymentMethod.id };
        });
    } else {
      paymentMethod = Promise.resolve({ id: undefined });
    }
    return paymentMethod.then(function (resolved: Loose) {
      if (resolved.error) return { error: resolved.error };
      return self._confirm(kind, clientSecret, resolved.id, pick(confirmParams, CONFIRM_PARAMS[kind]!), true, method).then(function (result: Loose) {
        if (result.error || redirect === "if_required") return result;
        var intent = result[resultKey(kind)];
        var target = new URL(confirmParams.return_url, window.location.href);
        target.searchParams.set(kind, intent.id);
        target.searchParams.set(kind + "_client_secret", clientSecret);
        target.searchParams.set("redirect_status", intent.status === "succeeded" ? "succeeded" : intent.status);
        window.location.assign(target.toString());
        /* Like Stripe.js, the promise does not settle when the page is being left. */
        return new Promise(function () {});
      });
    });
  });
};

StandInStripe.prototype.confirmPayment = function (this: Loose, options: Loose) {
  return this._confirmWithElements("payment_intent", options, "stripe.confirmPayment()");
};

StandInStripe.prototype.confirmSetup = function (this: Loose, options: Loose) {
  return this._confirmWithElements("setup_intent", options, "stripe.confirmSetup()");
};

/* ------------------------------------------------------------------ the 3-D Secure challenge */

/*
 * A modal dialog: what is being authenticated, 'Complete authentication' and 'Fail
 * authentication'. Escape fails. Focus moves into the dialog and back afterwards.
 * `send(result)` tells the sandbox; the dialog stays open (buttons disabled) until it answers.
 */
