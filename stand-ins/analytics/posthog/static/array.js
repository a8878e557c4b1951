/*
 * Offline stand-in for PostHog's array.js (issue 26): served at POSTHOG_HOST/static/array.js when
 * analytics points at /__stand-ins/posthog (outside production). Like the real build it reads the
 * page's queued init (`window.posthog._i`), then it records what it was initialised with on
 * `window.__postHogStandIn` for the browser tests, and, when session recording is on, posts one
 * "$recording_started" event to the stand-in's capture API (so the page's connect-src is used and
 * a test can see the recording began, and as whom). It records nothing of the page.
 */
(function () {
  var queued = window.posthog && window.posthog._i && window.posthog._i[0];
  if (!queued) return;
  var token = queued[0];
  var config = queued[1] || {};
  var bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  var uuid = hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  var distinctId = (config.bootstrap && config.bootstrap.distinctID) || "anonymous-" + uuid;
  var recording = config.disable_session_recording === false;
  var standIn = { token: token, config: config, distinctId: distinctId, recording: recording, sent: null };
  window.__postHogStandIn = standIn;
  window.posthog = { __loaded: true, config: config, get_distinct_id: function () { return distinctId; } };
  if (!recording) return;
  var body = JSON.stringify({
    api_key: token,
    batch: [
      {
        uuid: uuid,
        event: "$recording_started",
        distinct_id: distinctId,
        properties: {
          $lib: "posthog-stand-in",
          maskAllInputs: Boolean(config.session_recording && config.session_recording.maskAllInputs),
          $process_person_profile: Boolean(config.bootstrap),
        },
        timestamp: new Date().toISOString(),
      },
    ],
  });
  // A plain-text post: a simple cross-origin request, as the real library's beacons are.
  standIn.sent = fetch(String(config.api_host).replace(/\/+$/, "") + "/batch/", { method: "POST", body: body })
    .then(function (r) { standIn.status = r.status; return r.status; })
    .catch(function () { standIn.status = "failed"; return "failed"; });
})();
