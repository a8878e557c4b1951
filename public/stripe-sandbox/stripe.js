/*
 * Keyfree's stand-in for Stripe.js, used when the app runs without Stripe keys.
 *
 * It defines `window.Stripe(publishableKey, options)` with the part of Stripe.js that the
 * card form uses through @stripe/react-stripe-js: `elements()` with the Payment Element
 * (card only) and the Address Element, `elements.submit()`, `createPaymentMethod`,
 * `confirmPayment` / `confirmCardPayment`, `confirmSetup` / `confirmCardSetup`,
 * `handleNextAction` / `handleCardAction`, `retrievePaymentIntent` / `retrieveSetupIntent`.
 * The elements are plain, labelled inputs rendered into the mount node (no iframes), and
 * every call goes to Keyfree's offline Stripe sandbox, which the web app serves under the
 * same folder as this file (`/stripe-sandbox/v1/...`), in Stripe's form encoding and
 * authenticated with the publishable key. A PaymentIntent or SetupIntent that needs 3-D
 * Secure gets a test challenge in a modal dialog.
 *
 * Load it with a plain `<script src>` before the app's own scripts: @stripe/stripe-js's
 * `loadStripe` then finds `window.Stripe` and never fetches js.stripe.com.
 *
 * Plain ES2019, no modules, no dependencies.
 */
(function () {
  "use strict";

  if (typeof window === "undefined" || typeof document === "undefined") return;
  /* Loaded twice, or Stripe's own Stripe.js is already on the page: leave window.Stripe alone. */
  if (window.Stripe) return;

  /* The Stripe.js release @stripe/stripe-js 10 expects (it warns on a test key otherwise). */
  var RELEASE_TRAIN = "endive";

  /* The sandbox lives in the folder this file is served from: /stripe-sandbox/stripe.js → /stripe-sandbox. */
  var API_BASE = (function () {
    var script = document.currentScript;
    if (script && script.src) {
      try {
        var folder = new URL(".", script.src);
        return (folder.origin === window.location.origin ? "" : folder.origin) + folder.pathname.replace(/\/$/, "");
      } catch (ignored) {
        /* fall through to the default */
      }
    }
    return "/stripe-sandbox";
  })();

  var GENERIC_FAILURE = "Something went wrong while talking to the payment service. Please try again.";
  var CONNECTION_FAILURE = "We could not reach the payment service. Check your connection and try again.";
  var AUTHENTICATION_FAILURE =
    "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

  /* ------------------------------------------------------------------ helpers */

  function integrationError(message) {
    var error = new Error(message);
    error.name = "IntegrationError";
    return error;
  }

  function isObject(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function assign(target) {
    for (var i = 1; i < arguments.length; i++) {
      var source = arguments[i];
      if (!isObject(source)) continue;
      Object.keys(source).forEach(function (key) {
        target[key] = source[key];
      });
    }
    return target;
  }

  /* A deep merge of plain objects; later arguments win, undefined never overwrites. */
  function deepMerge() {
    var out = {};
    for (var i = 0; i < arguments.length; i++) {
      var source = arguments[i];
      if (!isObject(source)) continue;
      Object.keys(source).forEach(function (key) {
        var value = source[key];
        if (value === undefined) return;
        out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : isObject(value) ? deepMerge(value) : value;
      });
    }
    return out;
  }

  function trim(value) {
    return typeof value === "string" ? value.trim() : "";
  }

  function digitsOf(value) {
    return String(value || "").replace(/\D/g, "");
  }

  function later(fn) {
    window.setTimeout(fn, 0);
  }

  /* A handler that throws must not stop the others nor the caller, but must still be seen. */
  function callSafely(handler, payload) {
    try {
      handler(payload);
    } catch (error) {
      later(function () {
        throw error;
      });
    }
  }

  function createEl(tag, attributes, text) {
    var node = document.createElement(tag);
    if (attributes) {
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (value === undefined || value === null || value === false) return;
        node.setAttribute(name, value === true ? "" : String(value));
      });
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  var idCounter = 0;
  function nextId(kind) {
    idCounter += 1;
    return "kf-stripe-" + kind + "-" + idCounter;
  }

  /* Stripe's form encoding: bracket notation for nested objects and arrays; null/undefined are left out. */
  function encodeForm(data) {
    var parts = [];
    function add(key, value) {
      if (value === undefined || value === null) return;
      if (Array.isArray(value)) {
        value.forEach(function (item, index) {
          add(key + "[" + index + "]", item);
        });
        return;
      }
      if (typeof value === "object") {
        Object.keys(value).forEach(function (name) {
          add(key + "[" + name + "]", value[name]);
        });
        return;
      }
      parts.push(
        encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]") + "=" + encodeURIComponent(String(value)),
      );
    }
    Object.keys(data).forEach(function (key) {
      add(key, data[key]);
    });
    return parts.join("&");
  }

  /* Drops empty strings, nulls and empty objects: the sandbox reads an empty value as "unset". */
  function compact(value) {
    if (!isObject(value)) return value;
    var out = {};
    Object.keys(value).forEach(function (key) {
      var item = compact(value[key]);
      if (item === undefined || item === null || item === "") return;
      if (isObject(item) && Object.keys(item).length === 0) return;
      out[key] = item;
    });
    return out;
  }

  function formatAmount(amount, currency) {
    if (typeof amount !== "number" || !currency) return null;
    try {
      return new Intl.NumberFormat("en-GB", { style: "currency", currency: String(currency).toUpperCase() }).format(amount / 100);
    } catch (ignored) {
      return (amount / 100).toFixed(2) + " " + String(currency).toUpperCase();
    }
  }

  /* ------------------------------------------------------------------ cards */

  var BRANDS = [
    { brand: "amex", pattern: /^3[47]/, lengths: [15], cvc: 4, groups: [4, 6, 5] },
    { brand: "diners", pattern: /^3(?:0[0-5]|[689])/, lengths: [14, 16], cvc: 3, groups: [4, 6, 4] },
    { brand: "jcb", pattern: /^35/, lengths: [16, 17, 18, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
    { brand: "visa", pattern: /^4/, lengths: [13, 16, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
    { brand: "mastercard", pattern: /^(?:5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720))/, lengths: [16], cvc: 3, groups: [4, 4, 4, 4] },
    { brand: "discover", pattern: /^(?:6011|64[4-9]|65)/, lengths: [16, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
    { brand: "unionpay", pattern: /^62/, lengths: [16, 17, 18, 19], cvc: 3, groups: [4, 4, 4, 4, 3] },
  ];
  var UNKNOWN_BRAND = { brand: "unknown", pattern: /^/, lengths: [16], cvc: 3, groups: [4, 4, 4, 4, 3] };

  function brandOf(number) {
    for (var i = 0; i < BRANDS.length; i++) {
      if (BRANDS[i].pattern.test(number)) return BRANDS[i];
    }
    return UNKNOWN_BRAND;
  }

  function maxLength(brand) {
    return brand === UNKNOWN_BRAND ? 19 : Math.max.apply(null, brand.lengths);
  }

  function luhnValid(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  function formatCardNumber(value) {
    var brand = brandOf(digitsOf(value));
    var digits = digitsOf(value).slice(0, maxLength(brand));
    var groups = [];
    var position = 0;
    for (var i = 0; i < brand.groups.length && position < digits.length; i++) {
      groups.push(digits.slice(position, position + brand.groups[i]));
      position += brand.groups[i];
    }
    return groups.join(" ");
  }

  /* "MM / YY" from whatever was typed or autofilled: "1230", "12/30", "12/2030", "4". */
  function formatExpiry(value, deleting) {
    var text = String(value || "");
    var long = /^\s*(\d{1,2})\s*[/\-.]\s*(\d{4})\s*$/.exec(text);
    var digits = long ? (long[1].length === 1 ? "0" + long[1] : long[1]) + long[2].slice(2) : digitsOf(text);
    if (!long && /^\s*\d\s*\//.test(text)) digits = "0" + digits;
    if (digits.length === 1 && digits > "1" && !deleting) digits = "0" + digits;
    digits = digits.slice(0, 4);
    if (digits.length > 2) return digits.slice(0, 2) + " / " + digits.slice(2);
    if (digits.length === 2 && !deleting) return digits + " / ";
    return digits;
  }

  function formatCvc(value, number) {
    return digitsOf(value).slice(0, brandOf(digitsOf(number)).cvc === 4 ? 4 : 3);
  }

  function validationError(code, message) {
    return { type: "validation_error", code: code, message: message };
  }

  function checkCardNumber(values) {
    var number = digitsOf(values.number);
    var brand = brandOf(number);
    if (number.length < Math.min.apply(null, brand.lengths)) {
      return validationError("incomplete_number", "Your card number is incomplete.");
    }
    if (brand.lengths.indexOf(number.length) === -1) {
      return number.length < maxLength(brand)
        ? validationError("incomplete_number", "Your card number is incomplete.")
        : validationError("invalid_number", "Your card number is invalid.");
    }
    if (!luhnValid(number)) return validationError("invalid_number", "Your card number is invalid.");
    return null;
  }

  function expiryParts(value) {
    var digits = digitsOf(value);
    if (digits.length !== 4) return null;
    return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
  }

  function checkExpiry(values) {
    var parts = expiryParts(values.expiry);
    if (!parts) return validationError("incomplete_expiry", "Your card's expiry date is incomplete.");
    if (parts.month < 1 || parts.month > 12) return validationError("invalid_expiry_month", "Your card's expiry month is invalid.");
    var now = new Date();
    var thisYear = now.getFullYear();
    if (parts.year < thisYear) return validationError("invalid_expiry_year_past", "Your card's expiry year is in the past.");
    if (parts.year === thisYear && parts.month < now.getMonth() + 1) {
      return validationError("invalid_expiry_month_past", "Your card's expiry date is in the past.");
    }
    if (parts.year > thisYear + 50) return validationError("invalid_expiry_year", "Your card's expiry year is invalid.");
    return null;
  }

  function checkCvc(values) {
    var needed = brandOf(digitsOf(values.number)).cvc;
    if (digitsOf(values.cvc).length < needed) return validationError("incomplete_cvc", "Your card's security code is incomplete.");
    return null;
  }

  /* ------------------------------------------------------------------ addresses */

  var COUNTRY_CODES = (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
    "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
    "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
    "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
    "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
    "UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" ");

  /* Countries whose addresses have no postcode to ask for. */
  var NO_POSTCODE = ["AE", "AG", "AO", "BS", "BZ", "FJ", "GH", "HK", "IE", "JM", "MO", "QA", "TT", "UG", "ZW"];

  var UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

  var regionNames = null;
  function countryName(code) {
    if (code === "GB") return "United Kingdom";
    try {
      if (!regionNames && typeof Intl.DisplayNames === "function") {
        regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });
      }
      if (regionNames) return regionNames.of(code) || code;
    } catch (ignored) {
      /* a code this runtime does not know: show the code */
    }
    return code;
  }

  function countryOptions(allowed) {
    var codes = Array.isArray(allowed) && allowed.length
      ? allowed.map(function (code) {
          return String(code).toUpperCase();
        })
      : COUNTRY_CODES;
    return codes
      .map(function (code) {
        return { value: code, label: countryName(code) };
      })
      .sort(function (a, b) {
        return a.label.localeCompare(b.label, "en-GB");
      });
  }

  function formatPostcode(value, country) {
    var text = trim(value).toUpperCase().replace(/\s+/g, " ");
    if (country === "GB" && UK_POSTCODE.test(text) && text.indexOf(" ") === -1) {
      return text.slice(0, -3) + " " + text.slice(-3);
    }
    return text;
  }

  function splitName(name) {
    var text = trim(name);
    var space = text.lastIndexOf(" ");
    return space === -1 ? { first: text, last: "" } : { first: text.slice(0, space), last: text.slice(space + 1) };
  }

  /* ------------------------------------------------------------------ element kinds */

  /*
   * Each kind describes its fields (label, autocomplete, input mode, hint), how a value is
   * checked and formatted, and what its `change` event carries.
   */
  var PAYMENT_KIND = {
    groupLabel: "Card details",
    fields: function () {
      return [
        { key: "number", label: "Card number", autocomplete: "cc-number", inputMode: "numeric", check: checkCardNumber },
        { key: "expiry", label: "Expiry date (MM / YY)", autocomplete: "cc-exp", inputMode: "numeric", check: checkExpiry },
        {
          key: "cvc",
          label: "Security code",
          autocomplete: "cc-csc",
          inputMode: "numeric",
          hint: function (values) {
            return brandOf(digitsOf(values.number)).cvc === 4
              ? "The 4 digits on the front of the card"
              : "The last 3 digits on the back of the card";
          },
          check: checkCvc,
        },
      ];
    },
    initialValues: function () {
      return { number: "", expiry: "", cvc: "" };
    },
    format: function (key, value, values, deleting) {
      if (key === "number") return formatCardNumber(value);
      if (key === "expiry") return formatExpiry(value, deleting);
      if (key === "cvc") return formatCvc(value, values.number);
      return value;
    },
    isEmpty: function (values) {
      return !values.number && !values.expiry && !values.cvc;
    },
    changeEvent: function () {
      return { collapsed: false, value: { type: "card" } };
    },
  };

  var ADDRESS_KIND = {
    groupLabel: function (options) {
      return options.mode === "shipping" ? "Delivery address" : "Billing address";
    },
    fields: function (options) {
      var section = options.mode === "shipping" ? "shipping " : "billing ";
      var display = (options.display && options.display.name) || "full";
      var showName = !(options.fields && options.fields.name === "never");
      var fields = [];
      if (showName && display === "split") {
        fields.push({ key: "firstName", label: "First name", autocomplete: section + "given-name", check: required("first name") });
        fields.push({ key: "lastName", label: "Last name", autocomplete: section + "family-name", check: required("last name") });
      } else if (showName && display === "organization") {
        fields.push({ key: "name", label: "Organisation name", autocomplete: section + "organization", check: required("organisation name") });
      } else if (showName) {
        fields.push({ key: "name", label: "Full name", autocomplete: section + "name", check: required("full name") });
      }
      fields.push({ key: "line1", label: "Address line 1", autocomplete: section + "address-line1", check: required("first line of the address", "address_line1") });
      fields.push({ key: "line2", label: "Address line 2 (optional)", autocomplete: section + "address-line2", optional: true });
      fields.push({ key: "city", label: "Town or city", autocomplete: section + "address-level2", check: required("town or city", "city") });
      fields.push({ key: "postal_code", label: "Postcode", autocomplete: section + "postal-code", check: checkPostcode });
      fields.push({
        key: "country",
        label: "Country",
        autocomplete: section + "country",
        select: countryOptions(options.allowedCountries),
      });
      var phone = options.fields && options.fields.phone;
      if (phone === "always") {
        var phoneRequired = options.validation && options.validation.phone && options.validation.phone.required === "always";
        fields.push({
          key: "phone",
          label: phoneRequired ? "Phone number" : "Phone number (optional)",
          autocomplete: section + "tel",
          type: "tel",
          optional: !phoneRequired,
          check: phoneRequired ? required("phone number") : null,
        });
      }
      return fields;
    },
    initialValues: function (options) {
      var defaults = options.defaultValues || {};
      var address = defaults.address || {};
      var allowed = countryOptions(options.allowedCountries);
      var country = String(address.country || "GB").toUpperCase();
      if (!allowed.some(function (option) { return option.value === country; })) country = allowed[0] ? allowed[0].value : "GB";
      var first = defaults.firstName;
      var last = defaults.lastName;
      if ((first === undefined || first === null) && (last === undefined || last === null) && defaults.name) {
        var split = splitName(defaults.name);
        first = split.first;
        last = split.last;
      }
      var name = defaults.name || [first, last].filter(Boolean).join(" ");
      return {
        firstName: first || "",
        lastName: last || "",
        name: name || "",
        line1: address.line1 || "",
        line2: address.line2 || "",
        city: address.city || "",
        postal_code: address.postal_code || "",
        country: country,
        phone: defaults.phone || "",
      };
    },
    format: function (key, value) {
      return value;
    },
    isEmpty: function (values) {
      return !trim(values.firstName) && !trim(values.lastName) && !trim(values.name) && !trim(values.line1) &&
        !trim(values.line2) && !trim(values.city) && !trim(values.postal_code) && !trim(values.phone);
    },
    changeEvent: function (values, options) {
      return { elementMode: options.mode, isNewAddress: true, value: addressValue(values, options) };
    },
  };

  function required(what, code) {
    return function (values, key) {
      if (trim(values[key])) return null;
      return validationError("incomplete_" + (code || key.replace(/[A-Z]/g, function (c) { return "_" + c.toLowerCase(); })), "Enter the " + what + ".");
    };
  }

  function checkPostcode(values) {
    var postcode = trim(values.postal_code);
    if (!postcode) {
      if (NO_POSTCODE.indexOf(values.country) !== -1) return null;
      return validationError("incomplete_zip", "Enter the postcode.");
    }
    if (values.country === "GB" && !UK_POSTCODE.test(postcode)) return validationError("invalid_zip", "Enter a real UK postcode.");
    return null;
  }

  function addressValue(values, options) {
    var display = (options.display && options.display.name) || "full";
    var split = display === "split";
    var name = split ? [trim(values.firstName), trim(values.lastName)].filter(Boolean).join(" ") : trim(values.name);
    var value = {
      name: name,
      address: {
        line1: trim(values.line1),
        line2: trim(values.line2) || null,
        city: trim(values.city),
        state: "",
        postal_code: formatPostcode(values.postal_code, values.country),
        country: values.country,
      },
    };
    if (split) {
      value.firstName = trim(values.firstName);
      value.lastName = trim(values.lastName);
    }
    if (options.fields && options.fields.phone === "always") value.phone = trim(values.phone);
    return value;
  }

  /* ------------------------------------------------------------------ events */

  function Emitter() {
    this._handlers = {};
  }

  Emitter.prototype.on = function (type, handler) {
    if (typeof handler !== "function") throw integrationError("on('" + type + "') needs a handler function.");
    (this._handlers[type] = this._handlers[type] || []).push({ handler: handler, once: false });
    return this;
  };

  Emitter.prototype.once = function (type, handler) {
    if (typeof handler !== "function") throw integrationError("once('" + type + "') needs a handler function.");
    (this._handlers[type] = this._handlers[type] || []).push({ handler: handler, once: true });
    return this;
  };

  Emitter.prototype.off = function (type, handler) {
    var list = this._handlers[type];
    if (!list) return this;
    this._handlers[type] = handler
      ? list.filter(function (entry) {
          return entry.handler !== handler;
        })
      : [];
    return this;
  };

  Emitter.prototype.addEventListener = Emitter.prototype.on;
  Emitter.prototype.removeEventListener = Emitter.prototype.off;

  Emitter.prototype._emit = function (type, payload) {
    var list = (this._handlers[type] || []).slice();
    this._handlers[type] = (this._handlers[type] || []).filter(function (entry) {
      return !entry.once;
    });
    list.forEach(function (entry) {
      callSafely(entry.handler, payload);
    });
  };

  /* ------------------------------------------------------------------ elements */

  function StandInElement(group, type, kind, options) {
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
  StandInElement.prototype.on = function (type, handler) {
    Emitter.prototype.on.call(this, type, handler);
    if (type === "ready" && this._isReady) {
      var self = this;
      var mountCount = this._mountCount;
      later(function () {
        var stillListening = (self._handlers.ready || []).some(function (entry) {
          return entry.handler === handler;
        });
        if (stillListening && self._mountCount === mountCount && self._root) handler({ elementType: self._type });
      });
    }
    return this;
  };
  StandInElement.prototype.addEventListener = StandInElement.prototype.on;

  StandInElement.prototype.mount = function (target) {
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

  StandInElement.prototype.unmount = function () {
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

  StandInElement.prototype.destroy = function () {
    if (this._destroyed) return;
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    this._group._forget(this);
  };

  StandInElement.prototype.focus = function () {
    var first = this._kind.fields(this._options)[0];
    var input = first && this._inputs[first.key];
    if (input) input.focus();
  };

  StandInElement.prototype.blur = function () {
    if (this._root && document.activeElement && this._root.contains(document.activeElement)) document.activeElement.blur();
  };

  StandInElement.prototype.clear = function () {
    var country = this._values.country;
    this._values = this._kind.initialValues({ mode: this._options.mode, allowedCountries: this._options.allowedCountries });
    if (country) this._values.country = country;
    this._shown = {};
    if (this._root) this._rerender();
    this._changed();
  };

  StandInElement.prototype.update = function (options) {
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

  StandInElement.prototype._rerender = function () {
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

  StandInElement.prototype._render = function () {
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

    fields.forEach(function (field) {
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

      var input;
      if (field.select) {
        input = createEl("select", { class: "field__input", id: id, autocomplete: field.autocomplete });
        field.select.forEach(function (option) {
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

    root.addEventListener("focusin", function (event) {
      if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
        if (self._mountNode) self._mountNode.classList.add("StripeElement--focus");
        self._emit("focus", { elementType: self._type });
      }
    });
    root.addEventListener("focusout", function (event) {
      if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
        if (self._mountNode) self._mountNode.classList.remove("StripeElement--focus");
        self._emit("blur", { elementType: self._type });
      }
    });
    root.addEventListener("keydown", function (event) {
      if (event.key === "Escape" || event.key === "Esc") self._emit("escape", { elementType: self._type });
    });

    this._root = root;
    Object.keys(this._shown).forEach(function (key) {
      self._showError(key, self._shown[key]);
    });
  };

  StandInElement.prototype._bindInput = function (field, input) {
    var self = this;
    var deleting = false;
    input.addEventListener("keydown", function (event) {
      deleting = event.key === "Backspace" || event.key === "Delete";
    });
    function onInput(event) {
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
        var cvcField = self._kind.fields(self._options).filter(function (f) { return f.key === "cvc"; })[0];
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

  function setValueKeepingCaret(input, raw, formatted) {
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
  StandInElement.prototype._recheck = function (key) {
    var field = this._kind.fields(this._options).filter(function (f) { return f.key === key; })[0];
    var error = field && field.check ? field.check(this._values, key) : null;
    if (!error) {
      this._hideError(key);
      this._announce();
    } else if (error.message !== this._shown[key].message) {
      this._showError(key, error);
    }
  };

  StandInElement.prototype._showError = function (key, error) {
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

  StandInElement.prototype._hideError = function (key) {
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
  StandInElement.prototype._describe = function (key) {
    var input = this._inputs[key];
    var id = this._fieldIds[key];
    var ids = [];
    if (this._hints[key]) ids.push(id + "-hint");
    if (this._shown[key]) ids.push(id + "-error");
    if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
    else input.removeAttribute("aria-describedby");
  };

  StandInElement.prototype._announce = function () {
    if (!this._live) return;
    var shown = this._shown;
    var messages = this._kind
      .fields(this._options)
      .filter(function (field) {
        return shown[field.key];
      })
      .map(function (field) {
        return shown[field.key].message;
      });
    this._live.textContent = messages.join(" ");
  };

  /* Every error of the element, in field order. */
  StandInElement.prototype._check = function () {
    var values = this._values;
    var errors = [];
    this._kind.fields(this._options).forEach(function (field) {
      if (!field.check) return;
      var error = field.check(values, field.key);
      if (error) errors.push({ key: field.key, error: error });
    });
    return errors;
  };

  /* Shows every error (as on submit) and answers the first one, or null. */
  StandInElement.prototype._validateAndShow = function () {
    var self = this;
    var errors = this._check();
    this._kind.fields(this._options).forEach(function (field) {
      if (self._shown[field.key]) self._hideError(field.key);
    });
    errors.forEach(function (item) {
      self._showError(item.key, item.error);
    });
    this._announce();
    return errors.length ? errors[0] : null;
  };

  StandInElement.prototype._focusField = function (key) {
    var input = this._inputs[key];
    if (input) input.focus();
  };

  StandInElement.prototype._isComplete = function () {
    return this._check().length === 0;
  };

  StandInElement.prototype._updateStateClasses = function () {
    var node = this._mountNode;
    if (!node) return;
    var empty = this._kind.isEmpty(this._values);
    node.classList.add("StripeElement");
    node.classList.toggle("StripeElement--empty", empty);
    node.classList.toggle("StripeElement--complete", this._isComplete());
    node.classList.toggle("StripeElement--invalid", Object.keys(this._shown).length > 0);
  };

  StandInElement.prototype._changed = function () {
    this._group._submitted = false;
    this._updateStateClasses();
    var payload = assign(
      { elementType: this._type, empty: this._kind.isEmpty(this._values), complete: this._isComplete() },
      this._kind.changeEvent(this._values, this._options),
    );
    this._emit("change", payload);
  };

  /* The Payment Element's card for the API, and the error a server answer points at. */
  StandInElement.prototype._card = function () {
    var expiry = expiryParts(this._values.expiry) || { month: undefined, year: undefined };
    return {
      number: digitsOf(this._values.number),
      exp_month: expiry.month,
      exp_year: expiry.year,
      cvc: digitsOf(this._values.cvc),
    };
  };

  var PARAM_FIELDS = {
    number: "number",
    "card[number]": "number",
    exp_month: "expiry",
    exp_year: "expiry",
    "card[exp_month]": "expiry",
    "card[exp_year]": "expiry",
    cvc: "cvc",
    "card[cvc]": "cvc",
  };

  StandInElement.prototype._showServerError = function (error) {
    var key = error && error.param ? PARAM_FIELDS[error.param] : null;
    if (!key || !this._inputs[key]) return;
    this._showError(key, { type: error.type, code: error.code, message: error.message || GENERIC_FAILURE });
    this._announce();
  };

  /* The Payment Element has no `getValue`; the Address Element does. */
  function addressGetValue() {
    var self = this;
    return Promise.resolve({
      complete: self._isComplete(),
      isNewAddress: true,
      value: addressValue(self._values, self._options),
    });
  }

  function collapse() {
    return this;
  }

  /* ------------------------------------------------------------------ the Elements group */

  function StandInElements(stripe, options) {
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
  function checkElementsOptions(options) {
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

  StandInElements.prototype.create = function (type, options) {
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
    var element = new StandInElement(this, type, kind, options);
    if (type === "address") element.getValue = addressGetValue;
    else element.collapse = collapse;
    this._elements.push(element);
    return element;
  };

  StandInElements.prototype.getElement = function (type, options) {
    for (var i = 0; i < this._elements.length; i++) {
      var element = this._elements[i];
      if (element._type !== type) continue;
      if (type === "address" && options && options.mode && element._options.mode !== options.mode) continue;
      return element;
    }
    return null;
  };

  StandInElements.prototype._forget = function (element) {
    this._elements = this._elements.filter(function (item) {
      return item !== element;
    });
  };

  StandInElements.prototype.update = function (options) {
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

  StandInElements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };

  StandInElements.prototype._mounted = function () {
    return this._elements
      .filter(function (element) {
        return element._root && element._root.isConnected !== false;
      })
      .sort(function (a, b) {
        var position = a._root.compareDocumentPosition(b._root);
        return position & 4 ? -1 : position & 2 ? 1 : 0;
      });
  };

  /* Checks every mounted element, shows the errors, moves focus to the first one. */
  StandInElements.prototype._validate = function () {
    var first = null;
    this._mounted().forEach(function (element) {
      var problem = element._validateAndShow();
      if (problem && !first) first = { element: element, key: problem.key, error: problem.error };
    });
    if (first) first.element._focusField(first.key);
    return first ? first.error : null;
  };

  StandInElements.prototype.submit = function () {
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
  StandInElements.prototype._billingDetails = function () {
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

  function StandInStripe(publishableKey, options) {
    this._key = publishableKey;
    this._options = deepMerge(options);
    this._wrappers = [];
    this._appInfo = [];
    this._last4 = {};
  }

  StandInStripe.prototype._registerWrapper = function (wrapper) {
    this._wrappers.push(wrapper);
  };

  StandInStripe.prototype.registerAppInfo = function (info) {
    this._appInfo.push(info);
  };

  StandInStripe.prototype.elements = function (options) {
    return new StandInElements(this, options);
  };

  /* One request to the sandbox; answers { body } or { error } in Stripe's shape, never throws. */
  StandInStripe.prototype._request = function (method, path, params) {
    var headers = { Authorization: "Bearer " + this._key, Accept: "application/json" };
    if (this._options.stripeAccount) headers["Stripe-Account"] = this._options.stripeAccount;
    if (this._options.apiVersion) headers["Stripe-Version"] = this._options.apiVersion;
    var url = API_BASE + path;
    var init = { method: method, headers: headers, credentials: "same-origin" };
    var encoded = params ? encodeForm(params) : "";
    if (method === "GET") {
      if (encoded) url += "?" + encoded;
    } else {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      init.body = encoded;
    }
    var response;
    return Promise.resolve()
      .then(function () {
        return window.fetch(url, init);
      })
      .then(
        function (answer) {
          response = answer;
          return answer.json().then(
            function (body) {
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

  function intentIdOf(clientSecret, kind, method) {
    var match = typeof clientSecret === "string" ? /^((?:pi|seti)_[^_]+)_secret_.+$/.exec(clientSecret) : null;
    var prefix = kind === "setup_intent" ? "seti_" : "pi_";
    if (!match || match[1].indexOf(prefix) !== 0) {
      throw integrationError(
        "Invalid value for " + method + ": clientSecret should be a " + (kind === "setup_intent" ? "SetupIntent" : "PaymentIntent") +
          " client secret of the form ${id}_secret_${secret}. You specified: " + clientSecret + ".",
      );
    }
    return match[1];
  }

  function resultKey(kind) {
    return kind === "setup_intent" ? "setupIntent" : "paymentIntent";
  }

  function intentResult(kind, intent) {
    var result = {};
    result[resultKey(kind)] = intent;
    return result;
  }

  /* The answer Stripe.js gives for an intent after confirmation or authentication. */
  StandInStripe.prototype._settle = function (kind, intent) {
    if (intent.status === "requires_payment_method") {
      var last = kind === "setup_intent" ? intent.last_setup_error : intent.last_payment_error;
      var error = assign({}, last || {
        type: "invalid_request_error",
        code: kind + "_authentication_failure",
        message: AUTHENTICATION_FAILURE,
      });
      error[kind] = intent;
      return { error: error };
    }
    return intentResult(kind, intent);
  };

  StandInStripe.prototype._retrieve = function (kind, clientSecret, method) {
    var id = intentIdOf(clientSecret, kind, method);
    return this._request("GET", "/v1/" + kind + "s/" + encodeURIComponent(id), { client_secret: clientSecret }).then(function (answer) {
      return answer.error ? { error: answer.error } : intentResult(kind, answer.body);
    });
  };

  StandInStripe.prototype.retrievePaymentIntent = function (clientSecret) {
    var self = this;
    return Promise.resolve().then(function () {
      return self._retrieve("payment_intent", clientSecret, "stripe.retrievePaymentIntent");
    });
  };

  StandInStripe.prototype.retrieveSetupIntent = function (clientSecret) {
    var self = this;
    return Promise.resolve().then(function () {
      return self._retrieve("setup_intent", clientSecret, "stripe.retrieveSetupIntent");
    });
  };

  StandInStripe.prototype._rememberCard = function (paymentMethod) {
    if (paymentMethod && paymentMethod.id && paymentMethod.card && paymentMethod.card.last4) {
      this._last4[paymentMethod.id] = paymentMethod.card.last4;
    }
  };

  StandInStripe.prototype._postPaymentMethod = function (card, billingDetails, extra, element) {
    var self = this;
    var params = assign({ type: "card", card: card, billing_details: compact(billingDetails || {}) }, compact(extra || {}));
    if (!Object.keys(params.billing_details).length) delete params.billing_details;
    return this._request("POST", "/v1/payment_methods", params).then(function (answer) {
      if (answer.error) {
        if (element) element._showServerError(answer.error);
        return { error: answer.error };
      }
      self._rememberCard(answer.body);
      return { paymentMethod: answer.body };
    });
  };

  function isOwnElement(value) {
    return value instanceof StandInElement && value._type === "payment";
  }

  /*
   * A PaymentMethod from the elements group: the card from the Payment Element, the name and
   * address from the billing Address Element, then `params` (billing_details, metadata…) on top.
   */
  StandInStripe.prototype._paymentMethodFromElements = function (elements, params, metadata, how) {
    if (!(elements instanceof StandInElements)) throw integrationError(how + ": `elements` must be the Elements instance the Payment Element was created from.");
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

  StandInStripe.prototype._paymentMethodFromElement = function (element, billingDetails, extra) {
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

  StandInStripe.prototype.createPaymentMethod = function (arg, legacyElement, legacyData) {
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

  StandInStripe.prototype.createToken = function () {
    return Promise.resolve({
      error: {
        type: "invalid_request_error",
        message: "Tokens are not available in the Keyfree Stripe sandbox; use stripe.createPaymentMethod() instead.",
      },
    });
  };

  /* The payment_method a confirm call sends: an id as given, or a new one from an element. */
  StandInStripe.prototype._resolvePaymentMethod = function (paymentMethod) {
    if (paymentMethod === undefined || paymentMethod === null) return Promise.resolve({ id: undefined });
    if (typeof paymentMethod === "string") return Promise.resolve({ id: paymentMethod });
    if (isObject(paymentMethod) && paymentMethod.card) {
      return this._paymentMethodFromElement(paymentMethod.card, paymentMethod.billing_details, { metadata: paymentMethod.metadata }).then(
        function (result) {
          return result.error ? { error: result.error } : { id: result.paymentMethod.id };
        },
      );
    }
    throw integrationError("payment_method should be a PaymentMethod id or an object with `card` set to an Element.");
  };

  /* The confirm parameters passed on to the sandbox (the ones its card flows read). */
  var CONFIRM_PARAMS = {
    payment_intent: ["return_url", "setup_future_usage", "receipt_email"],
    setup_intent: ["return_url"],
  };

  function pick(source, keys) {
    var out = {};
    if (!isObject(source)) return out;
    keys.forEach(function (key) {
      if (source[key] !== undefined) out[key] = source[key];
    });
    return out;
  }

  /* POST …/confirm, then 3-D Secure when the intent asks for it, then Stripe.js's answer. */
  StandInStripe.prototype._confirm = function (kind, clientSecret, paymentMethodId, extra, handleActions, method) {
    var self = this;
    var id = intentIdOf(clientSecret, kind, method);
    var params = assign({ client_secret: clientSecret }, paymentMethodId ? { payment_method: paymentMethodId } : {}, extra);
    return this._request("POST", "/v1/" + kind + "s/" + encodeURIComponent(id) + "/confirm", params).then(function (answer) {
      if (answer.error) return { error: answer.error };
      var intent = answer.body;
      if (intent.status === "requires_action" && handleActions) return self._authenticate(kind, intent, clientSecret, paymentMethodId);
      return self._settle(kind, intent);
    });
  };

  StandInStripe.prototype._cardEnding = function (intent, paymentMethodId) {
    var method = intent.payment_method;
    if (isObject(method) && method.card && method.card.last4) return method.card.last4;
    var id = typeof method === "string" ? method : paymentMethodId;
    return id ? this._last4[id] || null : null;
  };

  /* The test challenge, the sandbox told the answer, the intent read back. */
  StandInStripe.prototype._authenticate = function (kind, intent, clientSecret, paymentMethodId) {
    var self = this;
    var id = intent.id || intentIdOf(clientSecret, kind, "3-D Secure");
    return challenge({
      kind: kind,
      amount: kind === "payment_intent" ? formatAmount(intent.amount, intent.currency) : null,
      last4: this._cardEnding(intent, paymentMethodId),
      send: function (result) {
        return self._request("POST", "/sandbox/3ds/" + encodeURIComponent(id), { client_secret: clientSecret, result: result });
      },
    }).then(function (answer) {
      if (answer.error) return { error: answer.error };
      return self._retrieve(kind, clientSecret, "3-D Secure").then(function (read) {
        if (read.error) return read;
        var current = read[resultKey(kind)];
        if (current.status === "requires_action") {
          var error = {
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

  StandInStripe.prototype._handleNextAction = function (kind, clientSecret, method) {
    var self = this;
    return this._retrieve(kind, clientSecret, method).then(function (read) {
      if (read.error) return read;
      var intent = read[resultKey(kind)];
      if (intent.status !== "requires_action") {
        var error = {
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

  StandInStripe.prototype.handleNextAction = function (options) {
    var self = this;
    return Promise.resolve().then(function () {
      var clientSecret = options && options.clientSecret;
      var kind = typeof clientSecret === "string" && clientSecret.indexOf("seti_") === 0 ? "setup_intent" : "payment_intent";
      return self._handleNextAction(kind, clientSecret, "stripe.handleNextAction()");
    });
  };

  StandInStripe.prototype.handleCardAction = function (clientSecret) {
    var self = this;
    return Promise.resolve().then(function () {
      return self._handleNextAction("payment_intent", clientSecret, "stripe.handleCardAction()");
    });
  };

  StandInStripe.prototype._confirmCard = function (kind, clientSecret, data, options, method) {
    var self = this;
    return Promise.resolve().then(function () {
      intentIdOf(clientSecret, kind, method);
      data = data || {};
      return self._resolvePaymentMethod(data.payment_method).then(function (resolved) {
        if (resolved.error) return { error: resolved.error };
        var handleActions = !(options && options.handleActions === false);
        return self._confirm(kind, clientSecret, resolved.id, pick(data, CONFIRM_PARAMS[kind]), handleActions, method);
      });
    });
  };

  StandInStripe.prototype.confirmCardPayment = function (clientSecret, data, options) {
    return this._confirmCard("payment_intent", clientSecret, data, options, "stripe.confirmCardPayment()");
  };

  StandInStripe.prototype.confirmCardSetup = function (clientSecret, data, options) {
    return this._confirmCard("setup_intent", clientSecret, data, options, "stripe.confirmCardSetup()");
  };

  /* confirmPayment / confirmSetup: the Payment Element flow, with Stripe's redirect rules. */
  StandInStripe.prototype._confirmWithElements = function (kind, options, method) {
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
          .then(function (result) {
            return result.error ? { error: result.error } : { id: result.paymentMethod.id };
          });
      } else {
        paymentMethod = Promise.resolve({ id: undefined });
      }
      return paymentMethod.then(function (resolved) {
        if (resolved.error) return { error: resolved.error };
        return self._confirm(kind, clientSecret, resolved.id, pick(confirmParams, CONFIRM_PARAMS[kind]), true, method).then(function (result) {
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

  StandInStripe.prototype.confirmPayment = function (options) {
    return this._confirmWithElements("payment_intent", options, "stripe.confirmPayment()");
  };

  StandInStripe.prototype.confirmSetup = function (options) {
    return this._confirmWithElements("setup_intent", options, "stripe.confirmSetup()");
  };

  /* ------------------------------------------------------------------ the 3-D Secure challenge */

  /*
   * A modal dialog: what is being authenticated, 'Complete authentication' and 'Fail
   * authentication'. Escape fails. Focus moves into the dialog and back afterwards.
   * `send(result)` tells the sandbox; the dialog stays open (buttons disabled) until it answers.
   */
  function challenge(details) {
    return new Promise(function (resolve) {
      var previous = document.activeElement;
      var headingId = nextId("3ds-heading");
      var textId = nextId("3ds-text");
      var isSetup = details.kind === "setup_intent";
      var dialog = createEl("dialog", {
        class: "panel panel--narrow kf-stripe-3ds",
        "aria-labelledby": headingId,
        "aria-describedby": textId,
      });
      dialog.appendChild(createEl("h2", { id: headingId }, isSetup ? "Confirm your card" : "Confirm your payment"));
      dialog.appendChild(
        createEl(
          "p",
          { id: textId },
          "This is a test of 3-D Secure authentication. No bank is involved: choose whether the authentication succeeds or fails.",
        ),
      );
      if (details.amount) dialog.appendChild(createEl("p", {}, "Amount: " + details.amount));
      if (details.last4) dialog.appendChild(createEl("p", {}, "Card ending " + details.last4));
      var status = createEl("p", { class: "kf-stripe-3ds__status", role: "status" });
      var actions = createEl("div", { class: "kf-stripe-3ds__actions" });
      var complete = createEl("button", { type: "button", class: "button" }, "Complete authentication");
      var fail = createEl("button", { type: "button", class: "button button--secondary" }, "Fail authentication");
      actions.appendChild(complete);
      actions.appendChild(document.createTextNode(" "));
      actions.appendChild(fail);
      dialog.appendChild(actions);
      dialog.appendChild(status);

      var native = typeof dialog.showModal === "function";
      var chosen = false;

      function finish(result) {
        if (native && dialog.open) dialog.close();
        if (dialog.parentNode) dialog.parentNode.removeChild(dialog);
        if (previous && typeof previous.focus === "function" && previous.isConnected !== false && previous !== document.body) {
          previous.focus();
        }
        resolve(result);
      }

      function choose(result) {
        if (chosen) return;
        chosen = true;
        complete.disabled = true;
        fail.disabled = true;
        status.textContent = "Sending your answer…";
        Promise.resolve()
          .then(function () {
            return details.send(result);
          })
          .then(
            function (answer) {
              finish(answer && answer.error ? { error: answer.error } : { result: result });
            },
            function () {
              finish({ error: { type: "api_connection_error", message: CONNECTION_FAILURE } });
            },
          );
      }

      complete.addEventListener("click", function () {
        choose("complete");
      });
      fail.addEventListener("click", function () {
        choose("fail");
      });
      /* A native modal dialog answers Escape with `cancel`; the fallback listens for the key. */
      dialog.addEventListener("cancel", function (event) {
        event.preventDefault();
        choose("fail");
      });
      dialog.addEventListener("keydown", function (event) {
        if (event.key === "Escape" || event.key === "Esc") {
          event.preventDefault();
          choose("fail");
          return;
        }
        if (!native && event.key === "Tab") {
          /* Without a native modal, keep Tab inside the dialog. */
          var buttons = [complete, fail].filter(function (button) {
            return !button.disabled;
          });
          if (!buttons.length) return;
          var index = buttons.indexOf(document.activeElement);
          var next = event.shiftKey ? (index <= 0 ? buttons.length - 1 : index - 1) : (index + 1) % buttons.length;
          event.preventDefault();
          buttons[next].focus();
        }
      });

      document.body.appendChild(dialog);
      if (native) {
        dialog.showModal();
      } else {
        dialog.setAttribute("open", "");
        dialog.setAttribute("aria-modal", "true");
      }
      complete.focus();
    });
  }

  /* ------------------------------------------------------------------ window.Stripe */

  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== "string" || !publishableKey) {
      throw integrationError("Please call Stripe() with your publishable key. You used an empty value.");
    }
    if (/^(sk|rk)_/.test(publishableKey)) {
      throw integrationError("You should not use your secret key with Stripe.js. Please pass a publishable key instead.");
    }
    return new StandInStripe(publishableKey, options);
  }

  Stripe.version = RELEASE_TRAIN;
  Stripe.keyfreeStandIn = true;
  Stripe.apiBase = API_BASE;

  window.Stripe = Stripe;
})();
