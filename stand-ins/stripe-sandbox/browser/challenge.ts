import { CONNECTION_FAILURE } from "./config";
import { createEl, nextId, type Loose } from "./util";

export function challenge(details: Loose) {
  return new Promise(function (resolve: Loose) {
    var previous = document.activeElement as HTMLElement | null;
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

    function finish(result: Loose) {
      if (native && dialog.open) dialog.close();
      if (dialog.parentNode) dialog.parentNode.removeChild(dialog);
      if (previous && typeof previous.focus === "function" && previous.isConnected !== false && previous !== document.body) {
        previous.focus();
      }
      resolve(result);
    }

    function choose(result: Loose) {
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
          function (answer: Loose) {
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
    dialog.addEventListener("cancel", function (event: Loose) {
      event.preventDefault();
      choose("fail");
    });
    dialog.addEventListener("keydown", function (event: Loose) {
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
        var index = buttons.indexOf(document.activeElement as HTMLButtonElement);
        var next = event.shiftKey ? (index <= 0 ? buttons.length - 1 : index - 1) : (index + 1) % buttons.length;
        event.preventDefault();
        buttons[next]!.focus();
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
