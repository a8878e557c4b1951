/**
 * Plain text (an e-mail, a text message) split into text and http(s) links, for the dev mailbox:
 * the pages render text as text and each link as an anchor, so nothing in a message can become
 * markup or a script link.
 */
export type TextPart = { kind: "text"; value: string } | { kind: "link"; value: string };

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the link ("…see http://x/y." ). */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The text split into text and http(s) links. */
export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push({ kind: "text", value: text.slice(last, start) });
    parts.push({ kind: "link", value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: "text", value: text.slice(last) });
  return parts;
}

/** The parts as the page shows them: text as text, each link an anchor to itself. */
export function LinkifiedText({ parts }: { parts: readonly TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === "link" ? (
          <a key={i} href={part.value}>
            {part.value}
          </a>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </>
  );
}
