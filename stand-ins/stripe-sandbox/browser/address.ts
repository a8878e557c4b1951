import { digitsOf, trim, type Loose } from "./util";
import { brandOf, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, formatCvc, formatExpiry, validationError } from "./card";

export var COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
).split(" ");

/* Countries whose addresses have no postcode to ask for. */
export var NO_POSTCODE = ["AE", "AG", "AO", "BS", "BZ", "FJ", "GH", "HK", "IE", "JM", "MO", "QA", "TT", "UG", "ZW"];

export var UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

var regionNames: Intl.DisplayNames | null = null;
export function countryName(code: Loose) {
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

export function countryOptions(allowed: Loose) {
  var codes = Array.isArray(allowed) && allowed.length
    ? allowed.map(function (code) {
        return String(code).toUpperCase();
      })
    : COUNTRY_CODES;
  return codes
    .map(function (code) {
      return { value: code, label: countryName(code) };
    })
    .sort(function (a: Loose, b: Loose) {
      return a.label.localeCompare(b.label, "en-GB");
    });
}

export function formatPostcode(value: Loose, country: Loose) {
  var text = trim(value).toUpperCase().replace(/\s+/g, " ");
  if (country === "GB" && UK_POSTCODE.test(text) && text.indexOf(" ") === -1) {
    return text.slice(0, -3) + " " + text.slice(-3);
  }
  return text;
}

export function splitName(name: Loose) {
  var text = trim(name);
  var space = text.lastIndexOf(" ");
  return space === -1 ? { first: text, last: "" } : { first: text.slice(0, space), last: text.slice(space + 1) };
}

/* ------------------------------------------------------------------ element kinds */

/*
 * Each kind describes its fields (label, autocomplete, input mode, hint), how a value is
 * checked and formatted, and what its `change` event carries.
 */
export var PAYMENT_KIND = {
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
        hint: function (values: Loose) {
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
  format: function (key: Loose, value: Loose, values: Loose, deleting: Loose) {
    if (key === "number") return formatCardNumber(value);
    if (key === "expiry") return formatExpiry(value, deleting);
    if (key === "cvc") return formatCvc(value, values.number);
    return value;
  },
  isEmpty: function (values: Loose) {
    return !values.number && !values.expiry && !values.cvc;
  },
  changeEvent: function () {
    return { collapsed: false, value: { type: "card" } };
  },
};

export var ADDRESS_KIND = {
  groupLabel: function (options: Loose) {
    return options.mode === "shipping" ? "Delivery address" : "Billing address";
  },
  fields: function (options: Loose) {
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
  initialValues: function (options: Loose) {
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
  format: function (key: Loose, value: Loose) {
    return value;
  },
  isEmpty: function (values: Loose) {
    return !trim(values.firstName) && !trim(values.lastName) && !trim(values.name) && !trim(values.line1) &&
      !trim(values.line2) && !trim(values.city) && !trim(values.postal_code) && !trim(values.phone);
  },
  changeEvent: function (values: Loose, options: Loose) {
    return { elementMode: options.mode, isNewAddress: true, value: addressValue(values, options) };
  },
};

export function required(what: string, code?: string) {
  return function (values: Loose, key: Loose) {
    if (trim(values[key])) return null;
    return validationError("incomplete_" + (code || key.replace(/[A-Z]/g, function (c: Loose) { return "_" + c.toLowerCase(); })), "Enter the " + what + ".");
  };
}

export function checkPostcode(values: Loose) {
  var postcode = trim(values.postal_code);
  if (!postcode) {
    if (NO_POSTCODE.indexOf(values.country) !== -1) return null;
    return validationError("incomplete_zip", "Enter the postcode.");
  }
  if (values.country === "GB" && !UK_POSTCODE.test(postcode)) return validationError("invalid_zip", "Enter a real UK postcode.");
  return null;
}

export function addressValue(values: Loose, options: Loose) {
  var display = (options.display && options.display.name) || "full";
  var split = display === "split";
  var name = split ? [trim(values.firstName), trim(values.lastName)].filter(Boolean).join(" ") : trim(values.name);
  var value: Record<string, Loose> = {
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
