/*
 * A development stand-in for Intercom's Messenger script (issue 26), as the stand-in Stripe.js (stand-ins/stripe-sandbox/browser/)
 * stands in for Stripe.js: served outside production at INTERCOM_WIDGET_URL + app id
 * (web-server.ts, /__stand-ins/intercom/widget/<app id>). It does what the page can see of the
 * real one: takes the `Intercom(...)` calls queued before it loaded, then answers boot, update,
 * shutdown, show and hide; shows a "Chat with us" launcher that opens a panel saying it is a
 * stand-in; keeps a session cookie as Intercom does (a visitor's boot carries on the browser's
 * last session, which is why logging out must shut it down); and asks its API base once on boot
 * (`${api_base}/ping`), so the page's CSP connect-src is exercised. No message goes anywhere.
 *
 * For tests, everything is recorded on window.__intercomStandIn: `calls` (each command and its
 * arguments, in order), `booted`, `bootedWith` (the settings of the current boot), `session`
 * (the session it carries) and `pings` (answers from the API base).
 */
(function () {
  "use strict";
  var w = window;
  var d = document;
  var scriptSrc = d.currentScript && d.currentScript.src ? d.currentScript.src : "";
  var queued = w.Intercom && w.Intercom.q ? w.Intercom.q.slice() : [];
  var WEEK = 60 * 60 * 24 * 7;
  var state = { calls: [], booted: false, bootedWith: null, session: null, pings: 0 };
  w.__intercomStandIn = state;
  var ui = null;

  function plain(value) {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }
  function readCookie(name) {
    var parts = d.cookie ? d.cookie.split("; ") : [];
    for (var k = 0; k < parts.length; k++) {
      var at = parts[k].indexOf("=");
      if (parts[k].slice(0, at) === name) return decodeURIComponent(parts[k].slice(at + 1));
    }
    return null;
  }
  function writeCookie(name, value, maxAge) {
    d.cookie = name + "=" + encodeURIComponent(value) + "; path=/; max-age=" + maxAge + "; SameSite=Lax";
  }
  function sessionCookie(appId) {
    return "intercom-session-" + appId;
  }

  function el(tag, attrs, text) {
    var node = d.createElement(tag);
    for (var name in attrs) node.setAttribute(name, attrs[name]);
    if (text) node.textContent = text;
    return node;
  }

  function render(settings) {
    if (!d.querySelector("link[data-intercom-stand-in]") && scriptSrc) {
      d.head.appendChild(el("link", { rel: "stylesheet", href: scriptSrc.replace(/widget\/[^/]*$/, "messenger.css"), "data-intercom-stand-in": "" }));
    }
    var root = el("div", { class: "intercom-stand-in" });
    var panel = el("dialog", { class: "intercom-stand-in__panel", "aria-labelledby": "intercom-stand-in-title" });
    panel.appendChild(el("h2", { id: "intercom-stand-in-title" }, "Chat with us"));
    panel.appendChild(
      el("p", {}, "This is a development stand-in for Intercom's chat: nothing you type here is sent to anyone. Where Intercom is set up, its chat opens here."),
    );
    var close = el("button", { type: "button", class: "intercom-stand-in__close" }, "Close the chat");
    panel.appendChild(close);
    var launcher = el("button", { type: "button", class: "intercom-stand-in__launcher", "aria-expanded": "false" }, "Chat with us");
    if (settings.hide_default_launcher) launcher.hidden = true;
    root.appendChild(panel);
    root.appendChild(launcher);
    d.body.appendChild(root);
    launcher.addEventListener("click", function () {
      if (panel.open) hide();
      else Intercom("show");
    });
    close.addEventListener("click", function () {
      Intercom("hide");
    });
    if (settings.custom_launcher_selector) {
      var custom = d.querySelectorAll(settings.custom_launcher_selector);
      for (var k = 0; k < custom.length; k++)
        custom[k].addEventListener("click", function () {
          Intercom("show");
        });
    }
    ui = { root: root, panel: panel, launcher: launcher, close: close, opener: null };
  }

  function boot(settings) {
    settings = settings || w.intercomSettings || {};
    if (!settings.app_id) return;
    if (state.booted) teardown();
    state.booted = true;
    state.bootedWith = plain(settings);
    // As Intercom: a user's boot starts their own session; a visitor's carries on the browser's last one.
    var name = sessionCookie(settings.app_id);
    var session = settings.user_id ? "user:" + settings.user_id : readCookie(name) || "visitor:" + Math.random().toString(36).slice(2);
    writeCookie(name, session, WEEK);
    state.session = session;
    render(settings);
    if (settings.api_base && w.fetch) {
      w.fetch(settings.api_base.replace(/\/+$/, "") + "/ping", { mode: "cors", credentials: "omit" }).then(function (answer) {
        if (answer.ok) state.pings += 1;
      });
    }
  }

  function teardown() {
    if (ui) ui.root.remove();
    ui = null;
    state.booted = false;
  }

  function shutdown() {
    var appId = (state.bootedWith && state.bootedWith.app_id) || (w.intercomSettings && w.intercomSettings.app_id);
    teardown();
    if (appId) writeCookie(sessionCookie(appId), "", 0);
    state.bootedWith = null;
    state.session = null;
  }

  function show() {
    if (!ui) return;
    ui.opener = d.activeElement;
    ui.panel.show();
    ui.launcher.setAttribute("aria-expanded", "true");
    ui.close.focus();
  }

  function hide() {
    if (!ui || !ui.panel.open) return;
    ui.panel.close();
    ui.launcher.setAttribute("aria-expanded", "false");
    var back = ui.opener && d.contains(ui.opener) ? ui.opener : ui.launcher;
    back.focus();
  }

  function Intercom(command) {
    var args = Array.prototype.slice.call(arguments, 1);
    state.calls.push([command].concat(args.map(plain)));
    if (command === "boot") boot(args[0]);
    else if (command === "update") {
      if (state.booted && args[0]) for (var key in args[0]) state.bootedWith[key] = plain(args[0][key]);
    } else if (command === "shutdown") shutdown();
    else if (command === "show") show();
    else if (command === "hide") hide();
  }
  w.Intercom = Intercom;

  // Intercom's basic install boots from window.intercomSettings when no boot was queued.
  var bootQueued = queued.some(function (call) {
    return call[0] === "boot";
  });
  if (!bootQueued && w.intercomSettings && w.intercomSettings.app_id) Intercom("boot", w.intercomSettings);
  queued.forEach(function (call) {
    Intercom.apply(null, Array.prototype.slice.call(call));
  });
})();
