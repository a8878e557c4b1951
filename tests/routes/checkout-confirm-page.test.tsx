// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { confirmBoxes } from "../../app/routes/checkout/+lib/agreements";
import Confirm from "../../app/routes/checkout/confirm";

afterEach(cleanup);

describe("Confirm (part 1 §2.3) without styles (issue 24)", () => {
  it("an address's dates are a block of their own, not run into its postcode ('BS1 4DJCurrent address')", async () => {
    const loaderData = {
      aboutYou: [{ label: "Name", value: "Ngozi Bello" }],
      addresses: [
        { id: "a1", line: "14 Orchard Road, Bristol, BS1 4DJ", dates: "Current address, since 1st Mar 2022" },
        { id: "a2", line: "Flat 1, 12 Orchard Road, Bristol, BS1 4DJ", dates: null },
      ],
      changeAboutYou: "/checkout/o/c/about-you?change",
      changeAddresses: "/checkout/o/c/address-history?change",
      topUpEnabled: false,
      boxes: confirmBoxes({ fees: { minimumKeyfree: 15_000, annual: 3_000 }, topUpEnabled: false }),
    };
    const Stub = createRoutesStub([
      { id: "root", path: "/", loader: () => ({ csrf: "t" }), children: [{ path: "confirm", Component: Confirm as never, loader: () => loaderData }] },
    ]);
    render(<Stub initialEntries={["/confirm"]} />);
    const current = (await screen.findByText("14 Orchard Road, Bristol, BS1 4DJ")).closest("li")!;
    // Each piece of the entry is a block or a strong line of its own: a text browser breaks between them.
    expect([...current.children].map((c) => [c.tagName, c.textContent])).toEqual([
      ["STRONG", "14 Orchard Road, Bristol, BS1 4DJ"],
      ["DIV", "Current address, since 1st Mar 2022"],
    ]);
    const previous = screen.getByText("Flat 1, 12 Orchard Road, Bristol, BS1 4DJ").closest("li")!;
    expect(previous.textContent).toBe("Flat 1, 12 Orchard Road, Bristol, BS1 4DJ");
  });
});
