import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * Controls side by side — a confirming button and its Cancel, a page's ways forward, an item's
 * Agree and Disagree — as a list, one control an item (issue 24). Styled as a row that wraps
 * (`.button-group`, and the page's class for its spacing), it reads right without styles too: a
 * text browser (w3m, Lynx) or reader mode shows each control on its own line instead of running
 * their names together ("Submit proposalCancel"), and a screen reader says how many there are.
 * Each child is one item, a fragment's children each one too (null, false and undefined are
 * left out); a one-button post is an `<ActionButton>` child, its Cancel a `<CancelLink>` beside it.
 */
export function ButtonGroup({ className, children }: { className?: string; children: ReactNode }) {
  const controls = controlsOf(children);
  if (controls.length === 0) return null;
  return (
    <ul className={className ? `button-group ${className}` : "button-group"}>
      {controls.map((control, index) => (
        <li key={index}>{control}</li>
      ))}
    </ul>
  );
}

function controlsOf(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement(child) && child.type === Fragment ? controlsOf((child as ReactElement<{ children?: ReactNode }>).props.children) : [child],
  );
}
